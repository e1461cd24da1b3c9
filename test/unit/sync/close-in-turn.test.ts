import { describe, expect, it } from 'vitest';
import { closeInTurn, closeTogether } from '../../../src/sync/close-in-turn.js';

describe('closeInTurn', () => {
  it('closes every part after one fails, in order, and gives the first failure', async () => {
    const closed: string[] = [];
    const first = new Error('the lanes failed');
    const result = await closeInTurn([
      async () => {
        closed.push('lanes');
        throw first;
      },
      async () => {
        closed.push('index');
        throw new Error('the index failed too');
      },
      async () => void closed.push('catalog thread'),
      async () => void closed.push('store'),
    ]);
    expect(closed).toEqual(['lanes', 'index', 'catalog thread', 'store']);
    expect(result?.error).toBe(first);
  });

  it('gives nothing when every part closed', async () => {
    let n = 0;
    expect(await closeInTurn([async () => void n++, async () => void n++])).toBeUndefined();
    expect(n).toBe(2);
  });

  it('closes parts together: each ends whatever the others do, and the first failure in their order is thrown once all ended', async () => {
    const ended: string[] = [];
    let release!: () => void;
    const slow = new Promise<void>((resolve) => (release = resolve));
    const first = new Error('the catalog failed');
    const together = closeTogether([
      async () => {
        await slow;
        ended.push('catalog');
        throw first;
      },
      async () => {
        ended.push('writer');
        throw new Error('the writer failed too');
      },
      async () => void ended.push('other'),
    ]);
    // The later parts do not wait for the first.
    await new Promise((resolve) => setImmediate(resolve));
    expect(ended).toEqual(['writer', 'other']);
    release();
    await expect(together).rejects.toBe(first);
    expect(ended).toEqual(['writer', 'other', 'catalog']);
    await expect(closeTogether([async () => undefined, async () => undefined])).resolves.toBeUndefined();
  });
});
