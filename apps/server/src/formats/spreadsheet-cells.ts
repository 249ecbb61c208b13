/**
 * Cells of the spreadsheets Tun writes (CSV and XLSX). A text a spreadsheet would run as a
 * formula (OWASP "CSV injection") gets a leading apostrophe, which spreadsheets show as text and
 * the import strips again. XLSX text cells are not formulas as written, but a copy saved as CSV
 * or pasted elsewhere would be; so both formats go through the same rule.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function defuseCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}
