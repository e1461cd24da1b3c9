// NF-e the listing says are canceled (a first pull's statuses: no event file lies beside them, the
// status is in the folder's status journal and catalog) are canceled wherever the folder is read:
// their DANFe drawn by `pull --with-pdf local` and by `pdf nfe --local` say CANCELADA, and a report
// of a part of the folder counts them canceled, as the report of the whole folder does; a first
// pull draws each once, with the requests of a pull without PDFs. A note canceled after the pull
// (R30: 110111) is drawn again by the next pull that draws PDFs.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ndjson, runInProcess } from '../helpers/cli.js';
import { emulatorEnv, startEmulator, type TestEmulator } from '../helpers/emulator.js';
import { pdfToText, poppler } from '../helpers/pdf.js';
import { drawnText } from '../helpers/render.js';
import { tempDir } from '../helpers/tree.js';

let emu: TestEmulator;
let env: Record<string, string>;

beforeAll(async () => {
  emu = await startEmulator({ docs: 120, accounts: 1 });
  env = emulatorEnv(emu);
});
afterAll(async () => emu?.close());

interface Copy {
  key: string;
  path: string;
  status: string;
  status_source: string;
}

/** The folder's copies as its catalog holds them. */
async function catalogCopies(dir: string): Promise<Copy[]> {
  const r = await runInProcess(
    [
      '-o',
      'ndjson',
      'query',
      '--dir',
      dir,
      "select key, path, status, status_source from documents where type = 'nfe'",
    ],
    { env },
  );
  expect(r.exitCode, r.stderr).toBe(0);
  return ndjson(r.stdout) as unknown as Copy[];
}

/** Whether the PDF beside a copy shows CANCELADA (to our extractor, and to poppler's pdftotext where installed). */
function marked(dir: string, copy: Copy): boolean {
  const pdf = readFileSync(join(dir, copy.path.replace(/\.xml$/, '.pdf')));
  const shown = drawnText(pdf).includes('CANCELADA');
  if (poppler) expect(pdfToText(pdf).includes('CANCELADA'), copy.key).toBe(shown);
  return shown;
}

/** The copies canceled by the listing alone: no event file beside them says so. */
function listedCanceled(dir: string, copies: Copy[]): Copy[] {
  const listed = copies.filter((c) => c.status === 'canceled' && c.status_source === 'listing');
  for (const c of listed) expect(existsSync(join(dir, c.path.replace(/\.xml$/, '-110111-1.xml')))).toBe(false);
  return listed;
}

const pull = async (dir: string, extra: string[] = []) => {
  const r = await runInProcess(['pull', 'nfe', '--role', 'received', '--dir', dir, ...extra], { env });
  expect(r.exitCode, r.stderr).toBe(0);
  return r.stderr;
};

/** The requests the emulator answered while `run` ran. */
async function requestsOf(run: () => Promise<unknown>): Promise<number> {
  await fetch(`${emu.url}/_emulator/reset-stats`, { method: 'POST' });
  await run();
  const stats = (await (await fetch(`${emu.url}/_emulator/stats`)).json()) as { data: { requests: { total: number } } };
  return stats.data.requests.total;
}

describe('NF-e canceled by the listing', () => {
  it('pull --with-pdf local draws them CANCELADA, and no other note', async () => {
    const dir = tempDir();
    await pull(dir, ['--with-pdf', 'local']);
    const copies = await catalogCopies(dir);
    expect(listedCanceled(dir, copies).length).toBeGreaterThan(0);
    expect(copies.some((c) => c.status !== 'canceled')).toBe(true);
    for (const c of copies) expect(marked(dir, c), c.key).toBe(c.status === 'canceled');
  });

  it('a first pull --with-pdf local draws them CANCELADA at once, none again, with the requests of a pull without PDFs', async () => {
    const plainDir = tempDir();
    const plain = await requestsOf(() => pull(plainDir));
    const dir = tempDir();
    let log = '';
    const drawing = await requestsOf(async () => (log = await pull(dir, ['--with-pdf', 'local', '--verbose'])));
    expect(drawing).toBe(plain);
    // A later pull's events phase reads no listing: nothing is asked ahead either.
    const again = await requestsOf(() => pull(plainDir));
    expect(await requestsOf(() => pull(dir, ['--with-pdf', 'local']))).toBe(again);
    // The events phase said so when it drew a copy again (redraw-canceled.ts).
    expect(log).not.toMatch(/drawn again/);
    const copies = await catalogCopies(dir);
    expect(listedCanceled(dir, copies).length).toBeGreaterThan(0);
    for (const c of copies) expect(marked(dir, c), c.key).toBe(c.status === 'canceled');
  });

  it('pdf nfe --local over the pull folder, or a month of it, draws them CANCELADA from its catalog, and no other note', async () => {
    const dir = tempDir();
    await pull(dir);
    const copies = await catalogCopies(dir);
    const listed = listedCanceled(dir, copies);
    expect(listed.length).toBeGreaterThan(0);
    const r = await runInProcess(['-o', 'ndjson', 'pdf', 'nfe', '--local', dir], { env });
    expect(r.exitCode, r.stderr).toBe(0);
    for (const c of copies) expect(marked(dir, c), c.key).toBe(c.status === 'canceled');
    // A folder inside the pull folder is read from the same catalog.
    const month = listed[0]!.path.slice(0, listed[0]!.path.lastIndexOf('/'));
    const inMonth = await runInProcess(['-o', 'ndjson', 'pdf', 'nfe', '--local', join(dir, month)], { env });
    expect(inMonth.exitCode, inMonth.stderr).toBe(0);
    expect(marked(dir, listed[0]!)).toBe(true);
  });

  it('R30: a note canceled after the pull gets its DANFe drawn again, CANCELADA, by the next pull --with-pdf local', async () => {
    const dir = tempDir();
    await pull(dir, ['--with-pdf', 'local']);
    const target = (await catalogCopies(dir)).find((c) => c.status === 'authorized')!;
    expect(marked(dir, target)).toBe(false);
    const canceled = await fetch(`${emu.url}/_emulator/events`, {
      method: 'POST',
      body: JSON.stringify({ type: 'nfe', id: target.key, event: '110111' }),
    });
    expect(canceled.status).toBe(200);
    expect(await pull(dir, ['--with-pdf', 'local', '--verbose'])).toMatch(/1 PDFs drawn again, CANCELADA/);
    expect(existsSync(join(dir, target.path.replace(/\.xml$/, '-110111-1.xml')))).toBe(true);
    expect(marked(dir, target)).toBe(true);
    for (const c of await catalogCopies(dir)) expect(marked(dir, c), c.key).toBe(c.status === 'canceled');
  });
});

describe('report of a part of a pull folder', () => {
  it('counts the notes the listing canceled as canceled: the same as the whole folder filtered to that part', async () => {
    const dir = tempDir();
    await pull(dir);
    const listed = listedCanceled(dir, await catalogCopies(dir));
    expect(listed.length).toBeGreaterThan(0);
    // <owner>/nfe/received/<yyyy-mm>/<key>.xml: a month of one owner's received NF-e.
    const path = listed[0]!.path;
    const [owner, , , month] = path.split('/');
    const by = ['--by', 'status', '-o', 'json'];
    const part = await runInProcess(['report', join(dir, path.slice(0, path.lastIndexOf('/'))), ...by], { env });
    expect(part.exitCode, part.stderr).toBe(0);
    const whole = await runInProcess(
      ['report', dir, '--owner', owner!, '--role', 'received', '--type', 'nfe', '--month', month!, ...by],
      { env },
    );
    expect(whole.exitCode, whole.stderr).toBe(0);
    expect(JSON.parse(part.stdout)).toEqual(JSON.parse(whole.stdout));
    expect(
      (JSON.parse(part.stdout) as { status: string; canceled: number }[]).find((g) => g.status === 'canceled')
        ?.canceled,
    ).toBeGreaterThan(0);
    // One file of it: that note alone, canceled (with --html too, which reads the documents).
    const file = await runInProcess(['report', join(dir, path), ...by], { env });
    expect(JSON.parse(file.stdout)).toMatchObject([{ status: 'canceled', documents: 0, canceled: 1 }]);
    const html = join(tempDir(), 'r.html');
    const page = await runInProcess(['report', join(dir, path), ...by, '--html', html], { env });
    expect(JSON.parse(page.stdout)).toEqual(JSON.parse(file.stdout));
  });
});
