// `fiscal pdf cte`, in process against an emulator.
import { afterAll, beforeAll, describe } from 'vitest';
import { startEmulator, type TestEmulator } from '../../helpers/emulator.js';
import { keyedPdfCases } from '../../helpers/pdf-verbs.js';

let emu: TestEmulator;
beforeAll(async () => {
  emu = await startEmulator({ docs: 20 });
});
afterAll(async () => emu?.close());

const keysOf = (type: 'cte' | 'cteos') =>
  emu.store.docsOf(emu.accounts[0]!.id, type).entries.map((e) => e.doc.accessKey);

describe('fiscal pdf cte', () => {
  keyedPdfCases(
    ['pdf', 'cte'],
    '57',
    () => emu,
    () => keysOf('cte').slice(0, 2),
    () => keysOf('cteos')[0]!,
  );
});
