/**
 * CSV as spreadsheets open it (RFC 4180; docs/decisions/department-readiness.md): every cell quoted, quotes
 * doubled, and a cell that a spreadsheet would run as a formula (starting with =, +, -, @, a tab or a carriage
 * return) prefixed with an apostrophe, so a member's typed text never becomes a formula on an officer's machine.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | null | undefined): string {
  const text = value === null || value === undefined ? '' : String(value);
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** Rows of cells as one CSV text (CRLF line ends). */
export function csvText(rows: ReadonlyArray<ReadonlyArray<string | number | null | undefined>>): string {
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
