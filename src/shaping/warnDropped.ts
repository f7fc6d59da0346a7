/**
 * The one warning result shaping gives: once per tool, naming the fields a result carried that
 * its declared type does not (never their values), through the registry's logger when it has
 * one, else `process.emitWarning`. Its own file: which channel, and the once-per-tool memory.
 */
/** Where the warning goes (the registry's `Logger`, named structurally: shaping sits below the registry). */
export interface ShapingLogger {
  /** Logs a warning. */
  warn(message: string): void;
}

/** Warns about the dropped fields of a tool's result, the first time that tool drops any. */
export type WarnDropped = (tool: string, dropped: readonly string[]) => void;

/** How many field names one warning lists before it says "and N more". */
const LISTED = 10;

function message(tool: string, dropped: readonly string[]): string {
  const listed = dropped.slice(0, LISTED).join(', ');
  const more = dropped.length > LISTED ? ` and ${dropped.length - LISTED} more` : '';
  return (
    `toolwright: tool "${tool}" returned fields its output type does not declare (${listed}${more}); ` +
    `they were dropped from what the model and the client get. Declare them in the return type to send them.`
  );
}

/**
 * A `WarnDropped` that remembers which tools it warned about.
 * @example
 * const warn = warnDropped(logger); warn('get_summary', ['internal_cost']);
 */
export function warnDropped(logger: ShapingLogger | undefined): WarnDropped {
  const warned = new Set<string>();
  return (tool, dropped) => {
    if (dropped.length === 0 || warned.has(tool)) return;
    warned.add(tool);
    const text = message(tool, dropped);
    if (logger) logger.warn(text);
    else process.emitWarning(text, { code: 'TOOLWRIGHT_RESULT_SHAPED' });
  };
}
