// The worker thread of the render pool (./pool.ts): a second entry of the build (dist/
// render-worker.js), so that drawing runs beside the thread that fetches and writes. It draws
// the jobs in the order they come, with the renderers of the main thread, and answers the PDFs
// (or the errors) a few at a time: a message per PDF woke the main thread for each one.
import { parentPort } from 'node:worker_threads';
import { createStatusReader } from '../../sync/local-status.js';
import { RENDERERS, renderPdf } from './index.js';
import type { RenderJob, RenderReply, RenderRequest } from './pool.js';

if (!parentPort) throw new Error('render-worker.js runs as a worker thread of the render pool');
const port = parentPort;
// Event files beside an XML say it is canceled (`pdf --local`): read here, where the XML is.
const statusOf = createStatusReader();

/**
 * PDFs answered in one message, at most: some 15 ms of drawing, so that the caller writes them
 * while the next are drawn. The last of the jobs in hand go at once, however few.
 */
const ANSWERED_TOGETHER = 16;

const queue: RenderJob[] = [];
let drawing = false;

port.on('message', (request: RenderRequest) => {
  if ('preload' in request) {
    // A failure to load is the first job's to say.
    RENDERERS[request.preload].load().catch(() => undefined);
    return;
  }
  queue.push(...request.jobs);
  if (!drawing) void drawQueue();
});

async function drawQueue(): Promise<void> {
  drawing = true;
  let replies: RenderReply[] = [];
  let handed: ArrayBuffer[] = [];
  const answer = () => {
    if (replies.length) port.postMessage(replies, handed);
    replies = [];
    handed = [];
  };
  try {
    for (let job = queue.shift(); job; job = queue.shift()) {
      const reply = await draw(job);
      replies.push(reply);
      if ('pdf' in reply && reply.pdf.byteLength === reply.pdf.buffer.byteLength)
        handed.push(reply.pdf.buffer as ArrayBuffer);
      if (replies.length >= ANSWERED_TOGETHER) answer();
    }
  } finally {
    answer();
    drawing = false;
  }
}

async function draw(job: RenderJob): Promise<RenderReply> {
  const canceled = job.besideFile
    ? (doc: Parameters<typeof statusOf>[1]) => statusOf(job.besideFile!, doc) === 'canceled'
    : job.canceled;
  try {
    const pdf = await renderPdf(job.type, job.xml, { canceled });
    // Handed over whole, not copied, when the PDF has its memory to itself (Buffer.concat's
    // answer past 4 kB, nearly every DANFe); a copy when it is a view of Node's shared pool.
    const own = pdf.byteOffset === 0 && pdf.byteLength === pdf.buffer.byteLength && pdf.buffer instanceof ArrayBuffer;
    return { id: job.id, pdf: own ? new Uint8Array(pdf.buffer as ArrayBuffer) : new Uint8Array(pdf) };
  } catch (e) {
    const error = e as Error;
    const otherType = (error as { otherType?: boolean }).otherType === true;
    return { id: job.id, error: { name: error.name, message: error.message, otherType } };
  }
}
