// `fiscal pdf nfe`, in process against an emulator.
import { afterAll, beforeAll, describe } from 'vitest';
import { startEmulator, type TestEmulator } from '../../helpers/emulator.js';
import { keyedPdfCases } from '../../helpers/pdf-verbs.js';

let emu: TestEmulator;
beforeAll(async () => {
  emu = await startEmulator({ docs: 20 });
});
afterAll(async () => emu?.close());

const nfeKeys = () => emu.store.nfesOf(emu.accounts[0]!.id).entries.map((e) => e.doc.accessKey);
const cteKey = () => emu.store.docsOf(emu.accounts[0]!.id, 'cte').entries[0]!.doc.accessKey;

describe('fiscal pdf nfe', () => {
  keyedPdfCases(
    ['pdf', 'nfe'],
    '55',
    () => emu,
    () => nfeKeys().slice(0, 2),
    cteKey,
  );
});
