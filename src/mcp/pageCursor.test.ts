import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import { decodeCursor, encodeCursor } from './pageCursor';

describe('the MCP page cursor', () => {
  it('gives back the offset it was made from, for its own list', () => {
    expect(decodeCursor('tasks', encodeCursor('tasks', 100))).toBe(100);
    expect(decodeCursor('tools', undefined)).toBe(0);
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
