/**
 * Whether a value is a JSON object (not null, not an array): the one test the schema walkers,
 * the decoders and the stored-state readers make before they read keys.
 */

/** True for a plain JSON object: not null, not an array. */
export const isJsonObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);
