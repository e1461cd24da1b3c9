// The checked-in completion scripts and man page against the command tree of the sources as they
// are now: a new command or flag makes these fail until the files are generated again.
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { COMPLETION_FILES, completionScript, type Shell } from '../../../src/cli-tree/scripts.js';
import { manPage } from '../../../src/cli-tree/man.js';
import { allSpecs } from '../../../src/cli-tree/spec.js';
import { TOPICS, findTopic } from '../../../src/cli-tree/topics.js';
import { EXIT_CODE_HELP } from '../../../src/errors.js';
import { currentTree } from '../../helpers/cli-tree.js';
import { hostTool } from '../../helpers/host-tools.js';

const repo = fileURLToPath(new URL('../../../', import.meta.url));
const read = (path: string) => readFileSync(join(repo, path), 'utf8');

describe('completion scripts', () => {
  const tree = currentTree();
  for (const shell of Object.keys(COMPLETION_FILES) as Shell[]) {
    it(`completions/${COMPLETION_FILES[shell]} is what \`fiscal completion ${shell}\` prints now`, () => {
      const checkedIn = read(`completions/${COMPLETION_FILES[shell]}`);
      expect(
        checkedIn === completionScript(shell, tree),
        `completions/${COMPLETION_FILES[shell]} is out of date: run \`npm run completions\``,
      ).toBe(true);
    });
  }

  it('leaves hidden commands and options out', () => {
    const specs = allSpecs(tree);
    expect(specs.map((s) => s.name)).not.toContain('__complete');
    const add = specs.find((s) => s.path.join(' ') === 'profile add')!;
    expect(add.options.map((o) => o.long)).not.toContain('--api-key');
    expect(specs.find((s) => s.name === 'help')!.options.map((o) => o.long)).not.toContain('--man');
  });

  it('knows the enumerated values of arguments and list flags', () => {
    const at = (path: string) => allSpecs(tree).find((s) => s.path.join(' ') === path)!;
    expect(at('pull nfe').options.find((o) => o.long === '--role')!.values).toEqual([
      'received',
      'emitted',
      'transporter',
      'authorized',
    ]);
    expect(at('events').arguments[0]!.values).toContain('nfse');
    expect(at('profile use').arguments[0]!.values).toBe('profiles');
    expect(tree.options.find((o) => o.long === '--output')!.values).toEqual(['table', 'json', 'ndjson', 'csv', 'xlsx']);
    expect(at('completion').arguments[0]!.values).toEqual(['bash', 'zsh', 'fish', 'powershell']);
  });
});

describe('--help of every command', () => {
  // Groups' implicit `help` commands are commander's own.
  const commands = allSpecs(currentTree()).filter((s) => !(s.name === 'help' && s.path.length > 1));
  for (const s of commands) {
    it(`fiscal ${s.path.join(' ')} --help has an Examples: block`.replace('  ', ' '), () => {
      expect(s.helpAfter).toMatch(/^Examples:\n {2}(\$|PS>) .*\bfiscal\b/m);
    });
  }
});

describe('man page', () => {
  it('docs/fiscal.1 is what `fiscal help --man` prints now', () => {
    expect(read('docs/fiscal.1') === manPage(currentTree()), 'docs/fiscal.1 is out of date: run `npm run man`').toBe(
      true,
    );
  });

  it('has a section for every command and every help topic', () => {
    const page = manPage(currentTree());
    for (const s of allSpecs(currentTree()).filter((c) => c.path.length && c.name !== 'help')) {
      expect(page).toContain(`.SS "fiscal ${s.path.join(' ')}"`);
    }
    for (const t of TOPICS) expect(page).toContain(`.SH ${t.title}`);
    const pkg = JSON.parse(read('package.json')) as { man?: string };
    expect(pkg.man).toBe('./docs/fiscal.1');
  });
});

const hasGroff = hostTool('groff', ['--version'], 'the man page rendered by groff', 'groff-base');

describe.skipIf(!hasGroff)('man page with groff', () => {
  it('is read by groff -man without warnings (but for lines it cannot justify) and renders every command', () => {
    const r = spawnSync('groff', ['-man', '-Tutf8', '-ww', '-Wbreak'], {
      input: manPage(currentTree()),
      encoding: 'utf8',
      env: { ...process.env, LC_ALL: 'C.UTF-8' },
    });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const text = r.stdout.replace(/.\x08/g, '');
    expect(text).toContain('fiscal completion');
    expect(text).toMatch(/EXIT STATUS[\s\S]*130/);
  });
});

describe('help topics', () => {
  it('exit-codes lists every exit code of EXIT_CODE_HELP', () => {
    const items = findTopic('exit-codes')!.items;
    expect(items).toEqual(EXIT_CODE_HELP.map(([code, what]) => [String(code), what]));
  });

  it('environment names every FISCAL_* variable the sources mention, and NO_COLOR and COLUMNS', () => {
    const mentioned = new Set<string>();
    const walk = (dir: string): void => {
      for (const entry of readdirSync(join(repo, dir), { withFileTypes: true })) {
        const path = `${dir}/${entry.name}`;
        if (entry.isDirectory()) walk(path);
        // The emulator prints variables for the client; it reads none.
        else if (
          path.endsWith('.ts') &&
          !path.startsWith('src/emulator') &&
          !path.startsWith('src/commands/emulator')
        ) {
          for (const m of read(path).matchAll(/\bFISCAL_[A-Z_]+[A-Z]\b/g)) mentioned.add(m[0]);
        }
      }
    };
    walk('src');
    const documented = findTopic('environment')!.items.map(([name]) => name);
    expect(mentioned.size).toBeGreaterThan(4);
    for (const name of [...mentioned, 'NO_COLOR', 'COLUMNS']) expect(documented).toContain(name);
  });
});
