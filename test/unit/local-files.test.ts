// Node's errno errors of the local file system -> one LocalFileError (exit 10) naming the path
// and what to do, in words of our own; anything else is left alone.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ExitCode, LocalFileError, exitCodeOf } from '../../src/errors.js';
import { localFileError } from '../../src/local-files.js';
import { tempDir } from '../helpers/tree.js';

/** An error shaped as Node makes them: `CODE: text, syscall 'path'`. */
function errno(code: string, syscall: string, path?: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: some text, ${syscall}${path ? ` '${path}'` : ''}`), {
    code,
    syscall,
    ...(path ? { path } : {}),
  });
}

describe('localFileError', () => {
  it.each([
    ['ENOSPC', 'write', undefined, /^no space left on the disk holding \/data\/docs \(ENOSPC\)$/, /free some space/],
    [
      'EDQUOT',
      'write',
      undefined,
      /^disk quota exceeded on the disk holding \/data\/docs \(EDQUOT\)$/,
      /free some space/,
    ],
    ['EROFS', 'open', '/data/docs/a.xml', /^\/data\/docs is on a read-only file system \(EROFS\)$/, /writable folder/],
    [
      'EMFILE',
      'open',
      '/data/docs/a.xml',
      /^too many open files while writing into \/data\/docs \(EMFILE\)$/,
      /ulimit -n/,
    ],
    [
      'EACCES',
      'open',
      '/data/docs/a.xml',
      /^permission denied: cannot write \/data\/docs\/a.xml \(EACCES\)$/,
      /write permission/,
    ],
    [
      'EPERM',
      'rename',
      '/data/docs/a.xml',
      /^permission denied: cannot write \/data\/docs\/a.xml \(EPERM\)$/,
      /write permission/,
    ],
    [
      'EISDIR',
      'open',
      '/data/docs/a.xml',
      /^\/data\/docs\/a.xml is a folder, where a file is to be written \(EISDIR\)$/,
      /that folder/,
    ],
  ])('%s: the path, the problem and the code once; what to do below; exit 10', (code, syscall, path, message, todo) => {
    const e = localFileError(errno(code, syscall, path), { folder: '/data/docs', kept: 'kept note' })!;
    expect(e).toBeInstanceOf(LocalFileError);
    expect(e.message).toMatch(message);
    expect(e.details[0]).toMatch(todo);
    expect(e.details[1]).toBe('kept note');
    expect(exitCodeOf(e)).toBe(ExitCode.localFiles);
    expect(e.code).toBe(code);
  });

  it('names the folder, not our temp file, for a temp file it could not write', () => {
    expect(localFileError(errno('EACCES', 'open', '/data/docs/.fiscal/tmp/12-ab-3.tmp'))!.message).toBe(
      'permission denied: cannot write /data/docs (EACCES)',
    );
    expect(localFileError(errno('EACCES', 'open', '/data/pdfs/K.pdf.12-abcd.tmp'))!.path).toBe('/data/pdfs');
  });

  it('a file where a folder is needed: names that file (ENOTDIR, or EEXIST from mkdir)', () => {
    const file = join(tempDir(), 'file');
    writeFileSync(file, 'x');
    expect(localFileError(errno('ENOTDIR', 'mkdir', join(file, 'a', 'b')))!.message).toBe(
      `${file} is a file, where a folder is needed (ENOTDIR)`,
    );
    expect(localFileError(errno('EEXIST', 'mkdir', file))!.path).toBe(file);
  });

  it('the real reason behind the ENOENT of a recursive mkdir that could not create a folder', () => {
    const file = join(tempDir(), 'file');
    writeFileSync(file, 'x');
    const dir = tempDir();
    const e = localFileError(errno('ENOENT', 'mkdir', join(dir, 'a')));
    // Nothing stood in the way here: the probe made the folder, and the ENOENT is left as it was.
    expect(e).toBeUndefined();
    expect(localFileError(errno('ENOENT', 'mkdir', join(file, 'x')))?.code).toBe('ENOTDIR');
  });

  it('leaves alone what is not a local file problem: no path, other codes, a lock link, a plain error', () => {
    expect(localFileError(errno('EACCES', 'listen'))).toBeUndefined();
    expect(localFileError(errno('ECONNREFUSED', 'connect'))).toBeUndefined();
    expect(localFileError(errno('EEXIST', 'link', '/d/.fiscal/lock'))).toBeUndefined();
    expect(localFileError(new Error('boom'))).toBeUndefined();
    expect(localFileError(undefined)).toBeUndefined();
  });
});
