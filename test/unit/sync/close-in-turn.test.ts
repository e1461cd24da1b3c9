import { describe, expect, it } from 'vitest';
import { closeInTurn } from '../../../src/sync/close-in-turn.js';

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
});
