// What a pull reports at its end: one human line on a terminal, a JSON object with -o json.
import type { ResumePoint, StreamSource } from './source.js';

export interface StreamSummary {
  label: string;
  type: string;
  role: string;
  owner: string;
  endpoint: 'v1' | 'v2';
  documents: number;
  /** Documents listed again that the index already had (resumed or overlapping runs). */
  skipped: number;
  /** Documents not written because a value the server sent could not become a safe path. */
  refused: Array<{ key: string; reason: string }>;
  firstFrom?: string;
  lastResume?: ResumePoint;
  total?: number;
}

export interface PullSummary {
  documents: number;
  bytes: number;
  durationMs: number;
  total?: number | undefined;
  stoppedBy?: 'max-docs' | 'max-duration';
  streams: StreamSummary[];
}

export function newSummary(sources: StreamSource[]): PullSummary {
  return {
    documents: 0,
    bytes: 0,
    durationMs: 0,
    streams: sources.map((s) => ({
      label: s.label, type: s.key.type, role: s.key.role, owner: s.key.owner, endpoint: s.endpoint,
      documents: 0, skipped: 0, refused: [],
    })),
  };
}

const MB = 1024 * 1024;

export function humanSummary(s: PullSummary): string {
  const secs = Math.max(s.durationMs, 1) / 1000;
  const rate = s.documents / secs;
  const refused = s.streams.reduce((n, x) => n + x.refused.length, 0);
  const parts = [
    `${s.documents} new document${s.documents === 1 ? '' : 's'}`,
    `${(s.bytes / MB).toFixed(1)} MB`,
    `${secs.toFixed(1)} s`,
    `${rate.toFixed(rate >= 10 ? 0 : 1)} docs/s`,
  ];
  if (refused) parts.push(`${refused} refused`);
  if (s.stoppedBy) parts.push(`stopped by --${s.stoppedBy}; run again to continue`);
  return `pulled ${parts.join(', ')}`;
}
