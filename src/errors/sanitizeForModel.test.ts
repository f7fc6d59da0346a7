import { hasLoneSurrogate } from '../text/cutAtCodePoint';
import { sanitizeForModel } from './sanitizeForModel';

describe('sanitizeForModel', () => {
  it('drops stack frames, control characters and blank lines', () => {
    const error = new Error('disk \u0007full');
    expect(sanitizeForModel(String(error.stack))).toBe('Error: disk full');
    expect(sanitizeForModel('a\n\n  \nb\r\nc   ')).toBe('a\nb\nc');
  });

  it('bounds the length, saying how much was cut', () => {
    const text = sanitizeForModel('x'.repeat(5000), 100);
    expect(text).toHaveLength(100);
    expect(text).toMatch(/^x+… \(4924 more characters\)$/);
  });

  it('cuts a long text of emoji at a character boundary, counting what it left out', () => {
    const text = sanitizeForModel('😀'.repeat(3000), 101);
    expect(hasLoneSurrogate(text)).toBe(false);
    const kept = text.slice(0, text.indexOf('…'));
    expect(kept).toBe('😀'.repeat(kept.length / 2));
    expect(text).toContain(`(${6000 - kept.length} more characters)`);
  });
});
