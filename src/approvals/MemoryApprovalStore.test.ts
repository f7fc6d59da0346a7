/** `MemoryApprovalStore`: copies in and out, TTL on an injected clock, delete says if it removed. */
import type { PausedRunState } from './types';
import { MemoryApprovalStore } from './MemoryApprovalStore';

const state = (runId: string): PausedRunState =>
  ({
    version: 1,
    runId,
    format: 'native',
    messages: [{ role: 'user', content: 'hi' }],
    message: { role: 'assistant', content: [] },
    calls: [{ status: 'pending', id: 'c1', name: 'refund', input: { amount: 1 } }],
    iterations: 1,
    usage: {},
    pausedAt: '',
    expiresAt: '',
  }) as unknown as PausedRunState;

describe('MemoryApprovalStore', () => {
  it('keeps a copy: changing the saved or the loaded object changes nothing stored', async () => {
    const store = new MemoryApprovalStore();
    const saved = state('a');
    await store.save('a', saved, 60);
    saved.iterations = 99;
    const loaded = await store.load('a');
    expect(loaded?.iterations).toBe(1);
    loaded!.calls.length = 0;
    expect((await store.load('a'))?.calls).toHaveLength(1);
  });

  it('drops entries once their TTL has passed', async () => {
    let now = 0;
    const store = new MemoryApprovalStore({ now: () => now });
    await store.save('short', state('short'), 10);
    await store.save('long', state('long'), 100);
    now = 9_999;
    expect(await store.load('short')).toBeDefined();
    now = 10_000;
    expect(await store.load('short')).toBeUndefined();
    expect(await store.delete('short')).toBe(false);
    expect(store.size).toBe(1);
    now = 100_000;
    expect(store.size).toBe(0);
  });

  it('says whether delete removed an entry', async () => {
    const store = new MemoryApprovalStore();
    await store.save('a', state('a'), 60);
    expect(await store.delete('a')).toBe(true);
    expect(await store.delete('a')).toBe(false);
    expect(await store.delete('never')).toBe(false);
  });

  it('leases a run to one owner at a time; an expired lease can be taken, a held one renewed', async () => {
    let now = 0;
    const store = new MemoryApprovalStore({ now: () => now });
    expect(await store.claim('a', 'first', 100)).toBe(true);
    expect(await store.claim('a', 'second', 100)).toBe(false);
    now = 50;
    expect(await store.claim('a', 'first', 100)).toBe(true);
    now = 120;
    expect(await store.claim('a', 'second', 100)).toBe(false);
    now = 151;
    expect(await store.claim('a', 'second', 100)).toBe(true);
    await store.release('a', 'first');
    expect(await store.claim('a', 'first', 100)).toBe(false);
    await store.release('a', 'second');
    expect(await store.claim('a', 'first', 100)).toBe(true);
  });
});
