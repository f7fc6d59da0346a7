/**
 * The text table the model reads: separators escaped in every cell, and the whole answer
 * (header, rows, notes) within the character budget.
 */
import { renderRows } from './renderRows';
import type { QueryRows } from './SqlEngine';

const result = (over: Partial<QueryRows>): QueryRows => ({
  columns: ['a', 'b'],
  rows: [],
  rowCount: 0,
  countCapped: false,
  cutCells: 0,
  ...over,
});

describe('renderRows', () => {
  it('escapes a | in a cell that has no line break, so the columns stay intact', () => {
    const rendered = renderRows(result({ rows: [['x|y', 'z\nw']], rowCount: 1 }), 8_000);
    expect(rendered.text).toBe('a | b\nx\\|y | z\\nw\n(1 row)');
  });

  it('keeps rows and notes within the budget together', () => {
    const rows = Array.from({ length: 50 }, (_, i) => [i, 'x'.repeat(165)]);
    const rendered = renderRows(
      result({ rows, rowCount: 1_000, countCapped: false, cutCells: 50 }),
      2_000,
    );
    expect(rendered.text.length).toBeLessThanOrEqual(2_000);
    expect(rendered.text).toMatch(
      /\(truncated: showing \d+ of 1000 rows; .+\)\n\(50 long values were cut/,
    );
    expect(rendered.rows.length).toBe(rendered.text.split('\n').length - 3);
  });

  it('says "more than" when counting stopped at the limit', () => {
    const rendered = renderRows(
      result({ rows: [[1, 2]], rowCount: 100, countCapped: true }),
      8_000,
    );
    expect(rendered.text).toContain('(truncated: showing 1 of more than 100 rows;');
  });

  it('answers a header too wide for the budget by asking for the columns by name', () => {
    const columns = Array.from({ length: 300 }, (_, i) => `a_rather_long_column_name_${i}`);
    const rendered = renderRows(result({ columns, rows: [columns], rowCount: 1 }), 8_000);
    expect(rendered.text.length).toBeLessThanOrEqual(8_000);
    expect(rendered.text).toMatch(
      /^The result has 300 columns, whose names alone take \d+ of the 8000 characters a result may show; name the columns you need instead of SELECT \*\.$/,
    );
    expect(rendered).toMatchObject({ rows: [], truncated: true });
  });

  it('says a statement that selected only hidden columns selected hidden columns', () => {
    const rendered = renderRows(result({ columns: [], hidden: ['password_hash'] }), 8_000);
    expect(rendered.text).toBe(
      'The statement selected only hidden column (password_hash), which these tools never show; select other columns.',
    );
  });
});
