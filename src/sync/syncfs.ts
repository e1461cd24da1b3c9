// syncfs(2) from node, which has no binding for it: coreutils' `sync -f <path>`. A commit calls it
// about once a second; spawning it from the pull itself forks a process of a hundred megabytes
// each time (some 20 ms of CPU on the event loop, the run's own critical path). One small shell
// started once runs it instead: each request is a line on its stdin, each answer one on its stdout.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import type { Socket } from 'node:net';
import { createInterface } from 'node:readline';

const LOOP = 'while IFS= read -r p; do if sync -f "$p" >/dev/null 2>&1; then echo 0; else echo 1; fi; done';

export class FileSystemSync {
  /** False once `sync -f` failed (not coreutils, no shell): callers fsync file by file instead. */
  private works: boolean | undefined;
  private helper: ChildProcessWithoutNullStreams | undefined;
  private readonly answers: Array<(ok: boolean) => void> = [];

  /** syncfs(2) of the file system holding `path`; false where it is not available. */
  sync(path: string): Promise<boolean> {
    if (this.works === false || /[\n\r]/.test(path)) return Promise.resolve(false);
    const helper = this.helper ?? this.start();
    if (!helper) return Promise.resolve(false);
    return new Promise((resolve) => {
      this.answers.push((ok) => {
        this.works = ok;
        resolve(ok);
      });
      this.hold(helper, true);
      helper.stdin.write(`${path}\n`);
    });
  }

  /** Ends the shell (its stdin closes); a later sync() starts another. */
  close(): void {
    this.helper?.stdin.end();
    this.helper = undefined;
  }

  private start(): ChildProcessWithoutNullStreams | undefined {
    let child: ChildProcessWithoutNullStreams;
    try {
      child = spawn('sh', ['-c', LOOP], { stdio: ['pipe', 'pipe', 'ignore'] as never });
    } catch {
      this.works = false;
      return undefined;
    }
    const fail = () => {
      // A shell close() ended is not a failure; one that died under a request is.
      if (this.helper !== child) return;
      this.helper = undefined;
      for (const answer of this.answers.splice(0)) answer(false);
      this.works = false;
    };
    child.on('error', fail);
    child.on('exit', fail);
    child.stdin.on('error', fail);
    createInterface({ input: child.stdout }).on('line', (line) => {
      this.answers.shift()?.(line.trim() === '0');
      if (!this.answers.length) this.hold(child, false);
    });
    this.hold(child, false);
    this.helper = child;
    return child;
  }

  /**
   * An idle shell must not keep the process alive (it ends when our end of its stdin closes, at
   * exit at the latest); one with a request pending must, or the run could end waiting for it.
   */
  private hold(child: ChildProcessWithoutNullStreams, busy: boolean): void {
    for (const handle of [child, child.stdin as unknown as Socket, child.stdout as unknown as Socket])
      if (busy) handle.ref();
      else handle.unref();
  }
}
