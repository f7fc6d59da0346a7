/**
 * Prints diagnostics the way TypeScript does, `path:line:col - error TW101: message`, with a
 * summary count; colour is the caller's choice (the CLI enables it on a TTY only).
 */
import type { CodegenDiagnostic } from '../diagnostics';

const COLORS = { red: 31, yellow: 33, cyan: 36, gray: 90 } as const;

/** Wraps text in an ANSI colour when `enabled`. */
export const paint = (enabled: boolean, color: keyof typeof COLORS, text: string): string =>
  enabled ? `\u001b[${COLORS[color]}m${text}\u001b[0m` : text;

/** One diagnostic line; `path` is how to show the file (usually relative to the working directory). */
export function formatDiagnostic(
  diagnostic: CodegenDiagnostic,
  path: string,
  color = false,
): string {
  const severity = paint(
    color,
    diagnostic.severity === 'error' ? 'red' : 'yellow',
    diagnostic.severity,
  );
  const where = paint(color, 'cyan', `${path}:${diagnostic.line}:${diagnostic.column}`);
  return `${where} - ${severity} ${paint(color, 'gray', `${diagnostic.code}:`)} ${diagnostic.message}`;
}

const plural = (count: number, word: string): string => `${count} ${word}${count === 1 ? '' : 's'}`;

/** `Found 2 errors and 1 warning.`, or an empty string when there is nothing to report. */
export function formatSummary(diagnostics: readonly CodegenDiagnostic[]): string {
  const errors = diagnostics.filter((d) => d.severity === 'error').length;
  const warnings = diagnostics.length - errors;
  if (!diagnostics.length) return '';
  return `Found ${plural(errors, 'error')} and ${plural(warnings, 'warning')}.`;
}
