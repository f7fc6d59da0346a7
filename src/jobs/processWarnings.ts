/**
 * Where `toolwright/jobs` reports when it was given no `logger`: Node's own warnings
 * (`process.emitWarning`, type `ToolwrightWarning`), which Node prints to stderr unless the
 * application listens to `process.on('warning')` or runs with `--no-warnings`. A queue that
 * cannot reach Redis must not stay silent, and the library never prints by itself.
 */
import type { Logger } from '../registry/types';

/** The `warning` event's type of toolwright's warnings. */
export const WARNING_TYPE = 'ToolwrightWarning';

/** A logger that emits each warning as a Node process warning. */
export const processWarnings: Logger = {
  warn: (message: string) => process.emitWarning(message, { type: WARNING_TYPE }),
};
