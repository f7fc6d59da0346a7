import { inputDigest } from './inputDigest';

describe('inputDigest', () => {
  it('is the same for the same input, whatever the order of its keys', () => {
    expect(inputDigest({ month: '2026-04', filter: { b: 2, a: 1 } })).toBe(
      inputDigest({ filter: { a: 1, b: 2 }, month: '2026-04' }),
    );
  });

  it('tells apart arrays holding the same items in another order', () => {
    expect(inputDigest({ ids: [1, 2, 3] })).not.toBe(inputDigest({ ids: [3, 2, 1] }));
    expect(inputDigest({ steps: ['charge', 'refund'] })).not.toBe(
      inputDigest({ steps: ['refund', 'charge'] }),
    );
    expect(inputDigest({ rows: [{ id: 1 }, { id: 2 }] })).not.toBe(
      inputDigest({ rows: [{ id: 2 }, { id: 1 }] }),
    );
  });

  it('tells apart a scalar change and ignores an undefined property', () => {
    expect(inputDigest({ month: '2026-04' })).not.toBe(inputDigest({ month: '2026-03' }));
    expect(inputDigest({ month: '2026-04', note: undefined })).toBe(
      inputDigest({ month: '2026-04' }),
    );
  });
});
