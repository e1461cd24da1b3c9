// End to end: a local folder that refuses files (disk full, read-only, a file in the way, no
// permission) ends every command that writes files with exit 10 and a message naming the path
// and what to do; a pull keeps its checkpoint, and after the fix the same command finishes with
// the folder exactly as one uninterrupted pull leaves it.
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExitCode } from '../../src/errors.js';
import { runCli, BIN, freshConfigDir, runInProcess, type CliRun } from '../helpers/cli.js';
import { emulatorEnv, startEmulator, type TestEmulator } from '../helpers/emulator.js';
import { binForAnyUser } from '../helpers/cli-copy.js';
import { canMount, mountTmpfs, root, type Tmpfs } from '../helpers/mounts.js';
import { readNdjson, snapshot, tempDir } from '../helpers/tree.js';

const PULL = ['pull', 'nfe', '--role', 'received', '--without-events'];
const withoutState = (t: Record<string, string>) =>
  Object.fromEntries(Object.entries(t).filter(([k]) => !k.startsWith('.fiscal')));

let emu: TestEmulator;
let env: Record<string, string>;
let reference: string;
const mounts: Tmpfs[] = [];

beforeAll(async () => {
  // Enough documents for several pages of the NF-e listing (100 a page): a disk can fill between them.
  emu = await startEmulator({ docs: 500 });
  env = emulatorEnv(emu);
  reference = tempDir();
  const r = await runInProcess([...PULL, '--dir', reference], { env });
  expect(r.exitCode, r.stderr).toBe(0);
});
afterAll(async () => {
  for (const m of mounts) m.unmount();
  await emu?.close();
});

function tmpfs(options: string): Tmpfs {
  const m = mountTmpfs(options);
  mounts.push(m);
  return m;
}

const occurrences = (text: string, part: string) => text.split(part).length - 1;

/** Exit 10, `path` named, the problem in our words with its code said once, and no "report a bug". */
function expectLocalFileError(r: CliRun, path: string, problem: RegExp, code: string): void {
  expect(r.exitCode, r.stderr).toBe(ExitCode.localFiles);
  expect(r.stderr).toContain(path);
  expect(r.stderr).toMatch(problem);
  expect(occurrences(r.stderr, code), r.stderr).toBe(1);
  expect(r.stderr).not.toMatch(/unexpected error|please report/);
}

/** Every file of `dir` (but fiscal's state) is a whole file of the reference pull; the index lists only such files. */
function expectOnlyWholeFiles(dir: string): void {
  const ref = snapshot(reference);
  for (const [path, sha] of Object.entries(withoutState(snapshot(dir)))) {
    if (path === 'index.ndjson') continue;
    expect(ref[path], path).toBe(sha);
  }
  const index = existsSync(join(dir, 'index.ndjson')) ? readNdjson(join(dir, 'index.ndjson')) : [];
  for (const e of index) expect(existsSync(join(dir, e.path)), e.path).toBe(true);
}

/** Bytes a tmpfs needs for `dir`: whole pages per file. */
function pagesOf(dir: string): number {
  return Object.keys(snapshot(dir)).reduce((n, path) => n + Math.ceil(statSync(join(dir, path)).size / 4096) * 4096, 0);
}

const docKeys = (n: number) =>
  emu.store
    .nfesOf(emu.accounts[0]!.id)
    .entries.slice(0, n)
    .map((e) => e.doc.accessKey);

describe.runIf(canMount)('a disk that fills up during a pull (tmpfs)', () => {
  it('stops with exit 10 naming the folder and keeps the checkpoint; with more space the same command ends as one clean pull', async () => {
    const half = Math.floor(pagesOf(reference) / 2 / 4096) * 4096;
    const disk = tmpfs(`size=${half}`);
    const dir = join(disk.dir, 'docs');
    // A first run leaves a checkpoint (its first page fits easily); the next one fills the disk.
    const start = await runCli([...PULL, '--dir', dir, '--max-docs', '1'], { env });
    expect(start.exitCode, start.stderr).toBe(0);
    const committed = readFileSync(join(dir, 'index.ndjson'), 'utf8');
    // The built CLI: its files are written on the file-writing thread, whose errors are re-thrown.
    const full = await runCli([...PULL, '--dir', dir], { env });
    expectLocalFileError(full, dir, /no space left on the disk holding/, 'ENOSPC');
    expect(full.stderr).toMatch(/free some space there/);
    expect(full.stderr).toMatch(/kept with its checkpoint/);
    // What was committed before the disk filled up is kept: whole files, listed in the index.
    expect(committed.length).toBeGreaterThan(0);
    expect(readFileSync(join(dir, 'index.ndjson'), 'utf8').startsWith(committed)).toBe(true);
    expect(readdirSync(join(dir, '.fiscal', 'checkpoints')).length).toBeGreaterThan(0);
    expectOnlyWholeFiles(dir);

    disk.remount(`size=${half * 4}`);
    const again = await runInProcess([...PULL, '--dir', dir], { env });
    expect(again.exitCode, again.stderr).toBe(0);
    expect(withoutState(snapshot(dir))).toEqual(withoutState(snapshot(reference)));
    const index = readNdjson(join(dir, 'index.ndjson'));
    expect(new Set(index.map((e) => e.key)).size).toBe(index.length);
    expect(readdirSync(join(dir, '.fiscal', 'tmp'))).toEqual([]);
    expect(Object.keys(snapshot(dir)).filter((p) => p.endsWith('.tmp'))).toEqual([]);
  });
});

describe.runIf(canMount)('a read-only folder (tmpfs -o ro)', () => {
  it('pull and pdf end with exit 10: the folder is on a read-only file system', async () => {
    const ro = tmpfs('size=64k,ro');
    expectLocalFileError(
      await runInProcess([...PULL, '--dir', ro.dir], { env }),
      ro.dir,
      /is on a read-only file system/,
      'EROFS',
    );
    const pdf = await runInProcess(['pdf', 'nfe', docKeys(1)[0]!, '--dir', ro.dir], { env });
    expectLocalFileError(pdf, ro.dir, /is on a read-only file system/, 'EROFS');
    expect(pdf.stderr).toMatch(/choose a writable folder/);
  });

  it('profile add with a configuration folder it cannot write: exit 10 naming the folder, not 2', async () => {
    const ro = tmpfs('size=64k,ro');
    const r = await runInProcess(
      ['profile', 'add', 'work', '--api-id', 'id-1', '--api-key-stdin', '--no-verify', '--base-url', emu.url],
      { env: { FISCAL_CONFIG_DIR: ro.dir }, input: 'key-0123456789' },
    );
    expectLocalFileError(r, ro.dir, /is on a read-only file system/, 'EROFS');
  });
});

describe('a file where the folder should be', () => {
  const inTheWay = () => {
    const file = join(tempDir(), 'not-a-folder');
    writeFileSync(file, 'mine\n');
    return file;
  };

  it('pull: exit 10 naming the file, which is left as it was', async () => {
    const file = inTheWay();
    const r = await runInProcess([...PULL, '--dir', file], { env });
    expectLocalFileError(r, file, /is a file, where a folder is needed/, 'ENOTDIR');
    expect(r.stderr).toMatch(/move or rename that file/);
    expect(readFileSync(file, 'utf8')).toBe('mine\n');
    const below = await runInProcess([...PULL, '--dir', join(file, 'docs')], { env });
    expectLocalFileError(below, file, /is a file, where a folder is needed/, 'ENOTDIR');
  });

  it('pdf, xml, events --save and latam xml: exit 10 naming the file', async () => {
    const [a, b] = docKeys(2);
    const withEvents = emu.store.nfesOf(emu.accounts[0]!.id).entries.find((e) => e.doc.events.length > 0)!.doc
      .accessKey;
    const latam = (await runInProcess(['latam', 'list', '--limit', '1', '-o', 'ndjson'], { env })).stdout.trim();
    const latamId = (JSON.parse(latam) as { id: string }).id;
    for (const args of [
      ['pdf', 'nfe', a!, b!, '--dir'],
      ['xml', 'nfe', a!, b!, '--dir'],
      ['events', 'nfe', withEvents, '--save'],
      ['latam', 'xml', latamId, latamId, '--dir'],
    ]) {
      const file = inTheWay();
      const r = await runInProcess([...args, join(file, 'out')], { env });
      expectLocalFileError(
        { ...r, stderr: `${args.join(' ')}\n${r.stderr}` },
        file,
        /is a file, where a folder is needed/,
        'ENOTDIR',
      );
    }
  });
});

describe('a folder the user may not write', () => {
  /**
   * Runs the CLI as a user who cannot write `dir`: as root, the user nobody (from a copy of the CLI
   * that user can read, wherever the clone is); otherwise ourselves, with `dir` made read-only.
   */
  async function runRefused(args: string[], dir: string): Promise<CliRun> {
    const config = freshConfigDir();
    chmodSync(config, 0o777);
    if (!root) chmodSync(dir, 0o555);
    const r = await execa(process.execPath, [root ? binForAnyUser() : BIN, ...args], {
      env: { PATH: process.env.PATH, HOME: config, NO_COLOR: '1', FISCAL_CONFIG_DIR: config, ...env },
      extendEnv: false,
      reject: false,
      stdin: 'ignore',
      // Not the clone's folder, which that user may not be able to enter.
      cwd: tmpdir(),
      ...(root ? { uid: 65534, gid: 65534 } : {}),
    });
    return { exitCode: r.exitCode ?? -1, stdout: String(r.stdout), stderr: String(r.stderr) };
  }

  it('pull and pdf: exit 10, permission denied naming the folder, never "EACCES: EACCES"', async () => {
    const dir = tempDir();
    chmodSync(dir, 0o755);
    const pull = await runRefused([...PULL, '--dir', join(dir, 'docs')], dir);
    expectLocalFileError(pull, join(dir, 'docs'), /permission denied: cannot write/, 'EACCES');
    expect(pull.stderr).toMatch(/give your user write permission there/);
    mkdirSync(join(dir, 'pdfs'));
    const pdf = await runRefused(['pdf', 'nfe', docKeys(1)[0]!, '--dir', join(dir, 'pdfs')], join(dir, 'pdfs'));
    expectLocalFileError(pdf, join(dir, 'pdfs'), /permission denied: cannot write/, 'EACCES');
    expect(readdirSync(join(dir, 'pdfs'))).toEqual([]);
  });
});

describe('the profile store in a place that is a file', () => {
  it('names the configuration file and says its code once, never "EEXIST: EEXIST"', async () => {
    const file = join(tempDir(), 'config-is-a-file');
    writeFileSync(file, 'x');
    const r = await runInProcess(['profile', 'list'], { env: { FISCAL_CONFIG_DIR: file } });
    expect(r.exitCode, r.stderr).toBe(ExitCode.usage);
    expect(r.stderr).toContain(`cannot use the configuration file ${join(file, 'config.json')}`);
    expect(r.stderr).toMatch(/\b(EEXIST|ENOTDIR)\b/);
    expect(r.stderr).not.toMatch(/(E[A-Z]+): \1/);
  });
});
