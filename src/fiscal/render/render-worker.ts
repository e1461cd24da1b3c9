// The worker thread of the render pool (./pool.ts): a second entry of the build (dist/
// render-worker.js), so that drawing runs beside the thread that fetches and writes. It draws
// each job as it comes, with the renderers of the main thread, and answers the PDF or the error.
import { parentPort } from 'node:worker_threads';
import { createStatusReader } from '../../sync/local-status.js';
import { renderPdf } from './index.js';
import type { RenderJob, RenderReply } from './pool.js';

const port = parentPort;
if (!port) throw new Error('render-worker.js runs as a worker thread of the render pool');
// Event files beside an XML say it is canceled (`pdf --local`): read here, where the XML is.
const statusOf = createStatusReader();

port.on('message', (job: RenderJob) => {
  const canceled = job.besideFile
    ? (doc: Parameters<typeof statusOf>[1]) => statusOf(job.besideFile!, doc) === 'canceled'
    : job.canceled;
  renderPdf(job.type, job.xml, { canceled }).then(
    (pdf) => {
      // Handed over whole, not copied, when the PDF has its memory to itself (Buffer.concat's
      // answer past 4 kB, nearly every DANFe); a copy when it is a view of Node's shared pool.
      const own = pdf.byteOffset === 0 && pdf.byteLength === pdf.buffer.byteLength && pdf.buffer instanceof ArrayBuffer;
      const bytes = own ? new Uint8Array(pdf.buffer as ArrayBuffer) : new Uint8Array(pdf);
      port.postMessage({ id: job.id, pdf: bytes } satisfies RenderReply, [bytes.buffer]);
    },
    (error: Error) => {
      const otherType = (error as { otherType?: boolean }).otherType === true;
      const reply: RenderReply = { id: job.id, error: { name: error.name, message: error.message, otherType } };
      port.postMessage(reply);
    },
  );
});
