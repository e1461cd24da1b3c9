// `fiscal pdf mdfe`, in process against an emulator.
import { afterAll, beforeAll, describe } from 'vitest';
import { startEmulator, type TestEmulator } from '../../helpers/emulator.js';
import { keyedPdfCases } from '../../helpers/pdf-verbs.js';

let emu: TestEmulator;
beforeAll(async () => {
  emu = await startEmulator({ docs: 20 });
});
afterAll(async () => emu?.close());

const keysOf = (type: 'mdfe' | 'cte') =>
  emu.store.docsOf(emu.accounts[0]!.id, type).entries.map((e) => e.doc.accessKey);

describe('fiscal pdf mdfe', () => {
  keyedPdfCases(
    ['pdf', 'mdfe'],
    '58',
    () => emu,
    () => keysOf('mdfe').slice(0, 2),
    () => keysOf('cte')[0]!,
  );
});

describe('fiscal mdfe pdf (the same verb under the type)', () => {
  keyedPdfCases(
    ['mdfe', 'pdf'],
    '58',
    () => emu,
    () => keysOf('mdfe').slice(0, 2),
    () => keysOf('cte')[0]!,
  );
});
