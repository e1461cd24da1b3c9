// `fiscal flag`, run in process against an emulator (R27, R10): the flags land in the document's
// FlagErp; every missing or bad part is reported at once (exit 2) before sending.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMain } from '../../helpers/context.js';
import { emulatorEnv, startEmulator, type TestEmulator } from '../../helpers/emulator.js';
import { ndjson } from '../../helpers/cli.js';

let emu: TestEmulator;
let account: string;
beforeAll(async () => {
  emu = await startEmulator({ docs: 40 });
  account = emu.accounts[0]!.id;
});
afterAll(async () => emu?.close());

const fiscal = (argv: string[]) => runMain(['-o', 'ndjson', ...argv], emulatorEnv(emu));
const received = () => {
  const doc = emu.store.nfesOf(account).byRole.received[0]!.doc;
  return { key: doc.accessKey, owner: doc.roles.find((r) => r.role === 'received')!.owner };
};
const masked = (cnpj: string) =>
  `${cnpj.slice(0, 2)}.${cnpj.slice(2, 5)}.${cnpj.slice(5, 8)}/${cnpj.slice(8, 12)}-${cnpj.slice(12)}`;

describe('fiscal flag', () => {
  it('R27: a row per flag; a masked --owner is read as its digits; a value keeps its commas', async () => {
    const { key, owner } = received();
    const r = await fiscal(['flag', 'nfe', key, '--owner', masked(owner), '--set', 'erp_id=884', '--set', 'tags=a,b']);
    expect(r.code, r.stderr).toBe(0);
    const rows = ndjson(r.stdout);
    expect(rows.map((row) => [row.key, row.value, row.owner, row.status])).toEqual([
      ['erp_id', '884', owner, 'flagged'],
      ['tags', 'a,b', owner, 'flagged'],
    ]);
    expect(rows[0]!.request_id).toMatch(/^[0-9a-f]{64}$/);
    expect(emu.store.findNfe(account, key)!.flagErp).toMatchObject({ erp_id: '884', tags: 'a,b' });
  });

  it('-o xlsx on a terminal is refused before the flag is sent (exit 2 says nothing was sent)', async () => {
    const { key, owner } = received();
    emu.resetStats();
    const r = await runMain(
      ['-o', 'xlsx', 'flag', 'nfe', key, '--owner', owner, '--set', 'xlsxtest=1'],
      emulatorEnv(emu),
      {
        stdoutIsTTY: true,
      },
    );
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/-o xlsx writes a binary workbook: send it to a file/);
    expect(emu.stats().requests.total).toBe(0);
    expect(emu.store.findNfe(account, key)!.flagErp?.xlsxtest).toBeUndefined();
  });

  it('R27: every missing part at once, exit 2, nothing sent', async () => {
    emu.resetStats();
    const r = await fiscal(['flag', 'nfe']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/<id> is missing/);
    expect(r.stderr).toMatch(/--owner is missing/);
    expect(r.stderr).toMatch(/--set is missing/);
    expect(emu.stats().requests.total).toBe(0);
  });

  it('an unknown type, a set without = and a bad owner are named', async () => {
    const { key } = received();
    const r = await fiscal(['flag', 'boleto', key, '--owner', '123', '--set', 'sem-igual']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/<type>: "boleto" is not one of/);
    expect(r.stderr).toMatch(/--owner: /);
    expect(r.stderr).toMatch(/--set: expected key=value, got "sem-igual"/);
  });

  it('R3: --dry-run sends nothing; a document the owner does not hold is exit 4', async () => {
    const { key, owner } = received();
    emu.resetStats();
    const dry = await fiscal(['flag', 'nfe', key, '--owner', owner, '--set', 'x=1', '--dry-run']);
    expect(dry.code, dry.stderr).toBe(0);
    expect(ndjson(dry.stdout)[0]).toMatchObject({ status: 'dry-run' });
    expect(emu.stats().requests.total).toBe(0);
    const foreign = emu.store.nfesOf(emu.accounts[1]!.id).entries[0]!.doc.accessKey;
    const missing = await fiscal(['flag', 'nfe', foreign, '--owner', owner, '--set', 'x=1']);
    expect(missing.code).toBe(4);
  });
});
