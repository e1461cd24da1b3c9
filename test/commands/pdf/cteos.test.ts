// `fiscal pdf cteos`, in process against an emulator.
import { afterAll, beforeAll, describe } from 'vitest';
import { startEmulator, type TestEmulator } from '../../helpers/emulator.js';
import { keyedPdfCases } from '../../helpers/pdf-verbs.js';

let emu: TestEmulator;
beforeAll(async () => {
  emu = await startEmulator({ docs: 20 });
});
afterAll(async () => emu?.close());

const keysOf = (type: 'cteos' | 'cte') =>
  emu.store.docsOf(emu.accounts[0]!.id, type).entries.map((e) => e.doc.accessKey);

describe('fiscal pdf cteos', () => {
  keyedPdfCases(
    ['pdf', 'cteos'],
    '67',
    () => emu,
    () => keysOf('cteos').slice(0, 2),
    () => keysOf('cte')[0]!,
  );
});
