/**
 * Closes a BullMQ queue, worker or event stream gracefully, but not forever: while Redis is
 * unreachable BullMQ's `close()` waits for it, so after a grace period the connection is
 * dropped (`disconnect()`), and an application shutting down is not held up.
 */

/** What BullMQ's classes offer for closing. */
export interface Closeable {
  close(): Promise<void>;
  disconnect(): Promise<void>;
}

/** How long a close may wait for Redis before the connection is dropped. */
export const CLOSE_GRACE_MS = 5000;

/** `close()`, or `disconnect()` after `graceMs`; never rejects. */
export async function closeWithin(closeable: Closeable, graceMs = CLOSE_GRACE_MS): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), graceMs);
  });
  const closed = closeable.close().then(
    () => 'closed' as const,
    () => 'late' as const,
  );
  const how = await Promise.race([closed, late]);
  clearTimeout(timer);
  if (how === 'late') await closeable.disconnect().catch(() => undefined);
}
