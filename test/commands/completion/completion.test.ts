// `fiscal completion <shell>` and the hidden `fiscal __complete <list>` the scripts call at TAB time.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runMain, tempDir } from '../../helpers/context.js';

describe('fiscal completion', () => {
  it('prints the script of the shell; another shell is a usage error', async () => {
    const r = await runMain(['completion', 'bash'], {});
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('complete -o default -F _fiscal fiscal');
    expect((await runMain(['completion', 'fish'], {})).stdout).toContain('complete -c fiscal');
    expect((await runMain(['completion', 'zsh'], {})).stdout).toContain('#compdef fiscal');
    expect((await runMain(['completion', 'powershell'], {})).stdout).toContain('Register-ArgumentCompleter');
    const bad = await runMain(['completion', 'tcsh'], {});
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/Allowed choices are bash, zsh, fish, powershell/);
  });

  it('the script offers the profiles and base URL names of the root flags', async () => {
    const r = await runMain(['completion', 'bash'], {});
    expect(r.stdout).toContain('__complete profiles');
    expect(r.stdout).toMatch(/production sandbox/);
  });
});

describe('fiscal __complete', () => {
  it('profiles: the stored profile names and the built-in emulator, names only', async () => {
    const config = tempDir('fiscal-config-');
    mkdirSync(config, { recursive: true });
    writeFileSync(
      join(config, 'config.json'),
      JSON.stringify({ profiles: { work: { apiKey: 'secret-key' }, acme: {} } }),
    );
    const r = await runMain(['__complete', 'profiles'], { FISCAL_CONFIG_DIR: config });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('acme\nwork\nemulator\n');
    expect(r.stdout).not.toContain('secret-key');
  });

  it('profiles with no profile file: just the built-in name', async () => {
    const r = await runMain(['__complete', 'profiles'], {});
    expect(r.stdout).toBe('emulator\n');
  });

  it('an unknown list is a usage error', async () => {
    const r = await runMain(['__complete', 'colors'], {});
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('__complete: unknown list "colors" (expected profiles)');
  });
});
