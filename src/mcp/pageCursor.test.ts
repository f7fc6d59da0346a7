import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import { decodeCursor, encodeCursor } from './pageCursor';
import { hasLoneSurrogate } from '../text/cutAtCodePoint';

describe('the MCP page cursor', () => {
  it('gives back the offset it was made from, for its own list', () => {
    expect(decodeCursor('tasks', encodeCursor('tasks', 100))).toBe(100);
    expect(decodeCursor('tools', undefined)).toBe(0);
  });

  it('quotes a long bad cursor cut before an emoji, never inside it', () => {
    // 63 letters, then an emoji across units 64-65: a cut at 64 UTF-16 units would split it.
    const cursor = `${'a'.repeat(63)}😀 and more`;
    let message = '';
    try {
      decodeCursor('tasks', cursor);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toBe(`Invalid cursor: ${'a'.repeat(63)}`);
    expect(hasLoneSurrogate(message)).toBe(false);
  });

  it.each([
    ['another list’s cursor', encodeCursor('tools', 100)],
    ['a raw offset', '100'],
    ['garbage', '%%%'],
    ['a negative offset', Buffer.from('tasks:-1').toString('base64url')],
  ])('refuses %s with -32602', (_what, cursor) => {
    expect(() => decodeCursor('tasks', cursor)).toThrow(
      expect.objectContaining({ code: ErrorCode.InvalidParams }),
    );
  });
});
