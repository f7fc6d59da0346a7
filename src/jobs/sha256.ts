/** The hex SHA-256 of a text: how job ids and key claims turn any key into a short, fixed name. */
import { createHash } from 'node:crypto';

/** The SHA-256 of `text`, in hex. */
export const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');
