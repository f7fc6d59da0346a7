/** Diagnostic lines as TypeScript prints them; colour only when asked (the CLI asks on a TTY). */
import type { CodegenDiagnostic } from '../diagnostics';
import { formatDiagnostic, formatSummary } from './formatDiagnostic';

const error: CodegenDiagnostic = {
  file: '/p/src/a.ts',
  line: 3,
  column: 7,
  code: 'TW101',
  severity: 'error',
  message: 'S.t: a function type cannot be sent as JSON (at cb); take the data it needs instead',
};
const warning: CodegenDiagnostic = {
  ...error,
  code: 'TW201',
  severity: 'warning',
  message: 'loose',
};

describe('formatting diagnostics', () => {
  it('prints path:line:col - severity code: message', () => {
    expect(formatDiagnostic(error, 'src/a.ts')).toBe(
      'src/a.ts:3:7 - error TW101: S.t: a function type cannot be sent as JSON (at cb); take the data it needs instead',
    );
    expect(formatDiagnostic(warning, 'src/a.ts')).toBe('src/a.ts:3:7 - warning TW201: loose');
  });

  it('colours only when asked', () => {
    expect(formatDiagnostic(error, 'src/a.ts', true)).toBe(
      '\u001b[36msrc/a.ts:3:7\u001b[0m - \u001b[31merror\u001b[0m \u001b[90mTW101:\u001b[0m ' +
        error.message,
    );
  });

  it('summarises the counts', () => {
    expect(formatSummary([])).toBe('');
    expect(formatSummary([error])).toBe('Found 1 error and 0 warnings.');
    expect(formatSummary([error, warning, warning])).toBe('Found 1 error and 2 warnings.');
  });
});
