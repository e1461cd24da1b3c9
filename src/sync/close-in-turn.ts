// Closing what a run opened, each part whatever the others do: a part left open (the catalog's
// thread, a socket) keeps the process alive after the run has said its error.

/** Runs each close in turn, a failure or not; the first failure, if any. */
export async function closeInTurn(
  closes: readonly (() => Promise<unknown>)[],
): Promise<{ error: unknown } | undefined> {
  let first: { error: unknown } | undefined;
  for (const close of closes)
    try {
      await close();
    } catch (error) {
      first ??= { error };
    }
  return first;
}

/**
 * Runs the closes at once, each whatever the others do (parts that do not wait for one another):
 * throws the first failure in their order once all have ended.
 */
export async function closeTogether(closes: readonly (() => Promise<unknown>)[]): Promise<void> {
  const ended = await Promise.allSettled(closes.map(async (close) => close()));
  const failed = ended.find((e) => e.status === 'rejected');
  if (failed) throw failed.reason;
}
