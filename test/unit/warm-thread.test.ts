// A thread started before its work is known (src/warm-thread.ts): only beside an idle core (the
// rule of src/machine-load.ts, given here either way), handed its work as its first message when
// claimed, ended with the command when never claimed; and a thread's messages read in order
// however soon they come (messagesOf).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { MessageChannel, type Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { claimThread, isWarm, messagesOf, takeWarm, warmThread } from '../../src/warm-thread.js';
import { tempDir } from '../helpers/tree.js';

/** A worker script that answers its work (workerData, else its first message) with the thread's id. */
function echoScript(): string {
  const file = join(tempDir(), 'echo.mjs');
  writeFileSync(
    file,
    [
      "import { once } from 'node:events';",
      "import { parentPort, threadId, workerData } from 'node:worker_threads';",
      "const work = workerData ?? (await once(parentPort, 'message'))[0];",
      'parentPort.postMessage({ work, threadId });',
    ].join('\n'),
  );
  return file;
}

const answer = (worker: Worker) =>
  new Promise<{ work: unknown; threadId: number }>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  }).finally(() => void worker.terminate());

/** A context's deferred clean-ups, run as main.ts runs them at the command's end. */
function deferrals() {
  const fns: (() => Promise<void> | void)[] = [];
  return {
    ctx: { defer: (fn: () => Promise<void> | void) => void fns.push(fn) },
    end: () => Promise.all(fns.map((f) => f())),
  };
}

describe('warmThread', () => {
  it('starts the thread beside an idle core, and the work goes to that very thread as its first message', async () => {
    const script = echoScript();
    const { ctx, end } = deferrals();
    warmThread(ctx, script, { semiSpaceMb: 4, idleCore: () => true });
    expect(isWarm(script)).toBe(true);
    const worker = claimThread(script, { semiSpaceMb: 4, workerData: { folder: 'a' } });
    expect(isWarm(script)).toBe(false);
    const first = await answer(worker);
    expect(first.work).toEqual({ folder: 'a' });
    // Claimed once: the next claim starts a thread of its own, given its work as workerData.
    const second = await answer(claimThread(script, { semiSpaceMb: 4, workerData: 'b' }));
    expect(second.work).toBe('b');
    expect(second.threadId).not.toBe(first.threadId);
    await end();
  });

  it('starts none where no core is idle: the work then starts its own', async () => {
    const script = echoScript();
    const { ctx, end } = deferrals();
    warmThread(ctx, script, { semiSpaceMb: 4, idleCore: () => false });
    expect(isWarm(script)).toBe(false);
    expect((await answer(claimThread(script, { semiSpaceMb: 4, workerData: 7 }))).work).toBe(7);
    await end();
  });

  it('hands the thread its first message as it starts, and to a taker as it is', async () => {
    const script = echoScript();
    const { ctx, end } = deferrals();
    warmThread(ctx, script, { semiSpaceMb: 4, idleCore: () => true, first: { preload: 'nfe' } });
    const worker = takeWarm(script);
    expect(worker).toBeDefined();
    expect(isWarm(script)).toBe(false);
    expect(takeWarm(script)).toBeUndefined();
    expect((await answer(worker!)).work).toEqual({ preload: 'nfe' });
    await end();
  });

  it('ends a thread never claimed with the command', async () => {
    const script = echoScript();
    const { ctx, end } = deferrals();
    warmThread(ctx, script, { semiSpaceMb: 4, idleCore: () => true });
    expect(isWarm(script)).toBe(true);
    await end();
    expect(isWarm(script)).toBe(false);
  });
});

describe('messagesOf', () => {
  it('reads the messages in order, those that came before it was asked included', async () => {
    const { port1, port2 } = new MessageChannel();
    const next = messagesOf(port2);
    // Both delivered (seen by a listener of the test's own) before the first is asked for.
    const delivered = new Promise<void>((resolve) => {
      let seen = 0;
      port2.on('message', () => ++seen === 2 && resolve());
    });
    port1.postMessage('request');
    port1.postMessage(['keys']);
    await delivered;
    expect(await next()).toBe('request');
    expect(await next()).toEqual(['keys']);
    const later = next();
    port1.postMessage('third');
    expect(await later).toBe('third');
    port1.close();
  });
});
