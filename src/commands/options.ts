// Turning raw commander options into typed options with zod, with errors that name the flag.
import type { z } from 'zod';
import { UsageError } from '../errors.js';

/** `createdFrom` -> `--created-from`. */
export function flagName(key: string): string {
  return `--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
}

export function parseWith<S extends z.ZodType>(schema: S, raw: unknown): z.infer<S> {
  const result = schema.safeParse(raw);
  if (result.success) return result.data;
  const messages = result.error.issues.map((issue) => {
    const key = issue.path.find((p): p is string => typeof p === 'string');
    return key ? `${flagName(key)}: ${issue.message}` : issue.message;
  });
  throw new UsageError(messages[0] ?? 'invalid options', { details: messages.slice(1) });
}
