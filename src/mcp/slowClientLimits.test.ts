import { slowClientLimits } from './slowClientLimits';

describe('slowClientLimits', () => {
  it('keeps the documented defaults, 30 s for headers and 60 s for the request', () => {
    const limits = slowClientLimits();
    expect(limits.headersTimeout).toBe(30_000);
    expect(limits.requestTimeout).toBe(60_000);
  });

  it('checks the defaults every second, so a slow client is not left open until 37.5 s', () => {
    expect(slowClientLimits().connectionsCheckingInterval).toBeLessThanOrEqual(1_000);
  });

  it('checks a small limit often enough to keep it', () => {
    expect(slowClientLimits(300, 400).connectionsCheckingInterval).toBeLessThanOrEqual(75);
  });

  it('never lets the request limit fall below the headers limit', () => {
    expect(slowClientLimits(5_000, 1_000).requestTimeout).toBe(5_000);
  });
});
