// `fiscal props set` over every type with custom properties: each id's type is read from it (the
// access key's model, R7; the NFS-e id's form, R10) and each group goes to its own endpoint (R28
// for NF-e, designed alike for CT-e and CT-e OS, R37 for NFS-e) in its type's first role unless
// --role says otherwise. Mistakes exit 2 before anything is sent; the emulator's stats tell.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nfseId } from '../../../src/emulator/data/nfse.js';
import { runMain } from '../../helpers/context.js';
import { emulatorEnv, startEmulator, type TestEmulator } from '../../helpers/emulator.js';
import { ndjson } from '../../helpers/cli.js';

let emu: TestEmulator;
let account: string;
beforeAll(async () => {
  emu = await startEmulator({ docs: 30, otherDocs: 60 });
  account = emu.accounts[0]!.id;
});
afterAll(async () => emu?.close());

const fiscal = (argv: string[], stdin = '') => runMain(['-o', 'ndjson', ...argv], emulatorEnv(emu), stdin);
const nfeKey = (role = 'received', i = 0) => emu.store.nfesOf(account).byRole[role as 'received'][i]!.doc.accessKey;
const keyOf = (type: 'cte' | 'cteos' | 'mdfe' | 'nfce', role: string, i = 0) =>
  emu.store.docsOf(account, type).byRole(role)[i]!.doc.accessKey;
const nfseReceived = (i = 0) => {
  const doc = emu.store.docsOf(account, 'nfse').byRole('received')[i]!.doc;
  return nfseId(doc.roles.find((r) => r.role === 'received')!.owner, doc);
};
const routes = () => emu.stats().requests.byRoute;

describe('fiscal props set, every type', () => {
  it('R28, R37, R7: NF-e, CT-e and NFS-e ids in one call, each on its own endpoint in its first role', async () => {
    const nfe = nfeKey();
    const cte = keyOf('cte', 'taker');
    const nfse = nfseReceived();
    emu.resetStats();
    // Given out of the registry's order: the rows come grouped by type, NF-e first.
    const r = await fiscal(['props', 'set', 'erp_ref', 'M1', nfse, cte, nfe]);
    expect(r.code, r.stderr).toBe(0);
    expect(ndjson(r.stdout).map((row) => [row.access_key, row.status])).toEqual([
      [nfe, 'ok'],
      [cte, 'ok'],
      [nfse, 'ok'],
    ]);
    expect(routes()).toEqual({
      'PUT /v1/nfe/{role}/{property}': 1,
      'PUT /v1/cte/{role}/{property}': 1,
      'PUT /v1/nfse/{role}/{property}': 1,
    });
    expect(emu.store.findNfe(account, nfe)!.properties.erp_ref).toBe('M1');
    expect(emu.store.findDoc(account, 'cte', cte)!.properties.erp_ref).toBe('M1');
    expect(emu.store.findDoc(account, 'nfse', nfse)!.properties.erp_ref).toBe('M1');
  });

  it('R28: --dry-run shows each type in its default role (NF-e received, CT-e OS taker, NFS-e received)', async () => {
    emu.resetStats();
    const ids = [nfeKey(), keyOf('cteos', 'taker'), nfseReceived(1)];
    const r = await fiscal(['props', 'set', 'status', 'done', ...ids, '--dry-run']);
    expect(r.code, r.stderr).toBe(0);
    expect(ndjson(r.stdout).map((row) => row.message)).toEqual([
      'PUT /v1/nfe/received/status',
      'PUT /v1/cte-os/taker/status',
      'PUT /v1/nfse/received/status',
    ]);
    expect(emu.stats().requests.total).toBe(0);
  });

  it('R28: a --role given is the role of every type; ids read from --stdin are placed alike', async () => {
    const cte = keyOf('cte', 'not-taker');
    const cteos = keyOf('cteos', 'not-taker');
    emu.resetStats();
    const r = await fiscal(['props', 'set', 'erp_ref', 'N2', cte, '--role', 'not-taker', '--stdin'], `${cteos}\n`);
    expect(r.code, r.stderr).toBe(0);
    expect(ndjson(r.stdout).map((row) => row.status)).toEqual(['ok', 'ok']);
    expect(routes()).toEqual({ 'PUT /v1/cte/{role}/{property}': 1, 'PUT /v1/cte-os/{role}/{property}': 1 });
    expect(emu.store.findDoc(account, 'cteos', cteos)!.properties.erp_ref).toBe('N2');
  });

  it('a --role that is not a role of one type present exits 2 naming the role and the type, sending nothing', async () => {
    emu.resetStats();
    const r = await fiscal(['props', 'set', 'status', 'x', nfeKey(), keyOf('cte', 'taker'), '--role', 'received']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--role received is not a role of CT-e/);
    const piped = await fiscal(['props', 'set', 'status', 'x', '--role', 'taker', '--stdin'], `${nfseReceived()}\n`);
    expect(piped.code).toBe(2);
    expect(piped.stderr).toMatch(/--role taker is not a role of NFS-e/);
    expect(emu.stats().requests.total).toBe(0);
  });

  it('R7: an MDF-e or NFC-e key, or a malformed NFS-e id, exits 2 naming it before anything is sent', async () => {
    const mdfe = keyOf('mdfe', 'emitted');
    const nfce = keyOf('nfce', 'emitted');
    emu.resetStats();
    const r = await fiscal(['props', 'set', 'status', 'x', nfeKey(), mdfe]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`"${mdfe}" is an MDF-e key (model 58), a type without custom properties`);
    const piped = await fiscal(['props', 'set', 'status', 'x', '--stdin'], `${nfeKey()}\n${nfce}\n`);
    expect(piped.code).toBe(2);
    expect(piped.stderr).toContain(`"${nfce}" (standard input) is an NFC-e key (model 65)`);
    const bad = await fiscal(['props', 'set', 'status', 'x', '12345678000195:2026-13-01:7']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/invalid NFS-e id "12345678000195:2026-13-01:7": /);
    expect(emu.stats().requests.total).toBe(0);
    expect(emu.store.findDoc(account, 'mdfe', mdfe)!.properties.status).not.toBe('x');
  });

  it("R28, R3: an id not the account's in its role fails alone (exit 7), whatever its type", async () => {
    const mine = keyOf('cte', 'taker', 1);
    const theirs = emu.store.docsOf(emu.accounts[1]!.id, 'cte').byRole('taker')[0]!.doc.accessKey;
    const r = await fiscal(['props', 'set', 'erp_ref', 'P3', mine, theirs, nfseReceived(2)]);
    expect(r.code).toBe(7);
    expect(ndjson(r.stdout).map((row) => row.status)).toEqual(['ok', 'error', 'ok']);
    expect(r.stderr).toContain(theirs);
    const alone = await fiscal(['props', 'set', 'erp_ref', 'P4', theirs]);
    expect(alone.code).toBe(4);
    expect(alone.stderr).toMatch(/is not a CT-e of the account in role taker/);
  });
});
