// The upload journal: which file contents (sha256) already succeeded against which server and
// account, so a re-run after an interruption sends only the rest. A small JSON file, by default
// `.fiscal-upload.json` in the current folder (designed, see docs/upload.md), rewritten atomically
// after each success so an interruption loses at most the file being sent.
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import * as z from 'zod';
import { ConfigError } from '../../errors.js';
import { writingLocalFiles } from '../../local-files.js';
import { writeFileAtomic } from '../../sync/durable.js';

const entrySchema = z.object({
  file: z.string(),
  key: z.string().optional(),
  type: z.string().optional(),
  at: z.string(),
});
type JournalEntry = z.infer<typeof entrySchema>;

const pendingFileSchema = entrySchema.omit({ at: true }).extend({ sha256: z.string(), index: z.number().int() });
export type PendingFile = z.infer<typeof pendingFileSchema>;

const journalSchema = z.object({
  version: z.literal(1),
  /** `<base URL> <API id>` -> sha256 of the file's bytes -> what was uploaded. */
  targets: z.record(z.string(), z.record(z.string(), entrySchema)),
  /** `--batch`: `<base URL> <API id>` -> request_id -> the files sent in it, until its results are known. */
  pending: z.record(z.string(), z.record(z.string(), z.array(pendingFileSchema))).default({}),
});
type JournalFile = z.infer<typeof journalSchema>;

export class UploadJournal {
  private constructor(
    private readonly path: string,
    private readonly data: JournalFile,
    private readonly target: string,
  ) {}

  static async open(path: string, baseUrl: string, apiId: string): Promise<UploadJournal> {
    let data: JournalFile = { version: 1, targets: {}, pending: {} };
    try {
      const parsed = journalSchema.safeParse(JSON.parse(await readFile(path, 'utf8')));
      if (!parsed.success)
        throw new ConfigError(
          `${path} is not an upload journal of this version; move it away or give another --journal`,
        );
      data = parsed.data;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' && !(error instanceof ConfigError)) {
        throw new ConfigError(`cannot read the upload journal ${path}: ${(error as Error).message}`);
      }
      if (error instanceof ConfigError) throw error;
    }
    return new UploadJournal(path, data, `${baseUrl} ${apiId}`);
  }

  find(sha256: string): JournalEntry | undefined {
    return this.data.targets[this.target]?.[sha256];
  }

  async record(sha256: string, entry: JournalEntry): Promise<void> {
    (this.data.targets[this.target] ??= {})[sha256] = entry;
    await this.save();
  }

  /** Batches sent (R26) whose results were not read yet: request_id -> files. */
  pending(): Record<string, PendingFile[]> {
    return { ...(this.data.pending[this.target] ?? {}) };
  }

  async addPending(requestId: string, files: PendingFile[]): Promise<void> {
    (this.data.pending[this.target] ??= {})[requestId] = files;
    await this.save();
  }

  /** The batch's results are known: its successes are recorded and it is no longer pending. */
  async settle(requestId: string, successes: { sha256: string; entry: JournalEntry }[]): Promise<void> {
    for (const s of successes) (this.data.targets[this.target] ??= {})[s.sha256] = s.entry;
    delete this.data.pending[this.target]?.[requestId];
    await this.save();
  }

  private async save(): Promise<void> {
    const tmp = `${this.path}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
    await writingLocalFiles(
      {
        folder: dirname(this.path),
        kept: 'the journal keeps what was recorded before: the same command goes on from there',
      },
      () => writeFileAtomic(this.path, `${JSON.stringify(this.data, null, 2)}\n`, tmp),
    );
  }
}
