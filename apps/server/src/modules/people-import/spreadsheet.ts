/**
 * Reading an uploaded file into rows of text, whatever the school's spreadsheet produced:
 * XLSX, or CSV separated by ';' (Excel in Norway), ',' or tabs, in UTF-8 with or without BOM,
 * UTF-16 (Excel's "Unicode text") or Windows-1252 (older Excel and Navi exports).
 */
import Papa from 'papaparse';
import { ProblemError } from '../../http/problem';

export type Encoding = 'utf-8' | 'utf-16' | 'windows-1252' | 'xlsx';

export interface Table {
  /** Every row of the file, cells as trimmed text; index + 1 is the row number a spreadsheet shows. */
  rows: string[][];
  delimiter: string | null;
  encoding: Encoding;
}

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE = [0xd0, 0xcf, 0x11, 0xe0];

function startsWith(bytes: Buffer, prefix: readonly number[]): boolean {
  return prefix.every((byte, index) => bytes[index] === byte);
}

function unreadable(detail: string): ProblemError {
  return new ProblemError('import-unreadable', detail);
}

/** The text of a CSV file and how it was encoded. A file that is not valid UTF-8 is taken as Windows-1252. */
export function decodeText(bytes: Buffer): { text: string; encoding: Encoding } {
  if (startsWith(bytes, [0xef, 0xbb, 0xbf])) {
    return { text: new TextDecoder('utf-8').decode(bytes.subarray(3)), encoding: 'utf-8' };
  }
  if (startsWith(bytes, [0xff, 0xfe])) {
    return { text: new TextDecoder('utf-16le').decode(bytes.subarray(2)), encoding: 'utf-16' };
  }
  if (startsWith(bytes, [0xfe, 0xff])) {
    return { text: new TextDecoder('utf-16be').decode(bytes.subarray(2)), encoding: 'utf-16' };
  }
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    // Every byte is a character in Windows-1252, so this cannot fail; æøå come out right.
    return { text: new TextDecoder('windows-1252').decode(bytes), encoding: 'windows-1252' };
  }
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  const text = String(value).trim();
  // The apostrophe an export puts before a formula-like cell is not part of the value.
  return /^'[=+\-@]/.test(text) ? text.slice(1) : text;
}

const DELIMITERS = [';', ',', '\t', '|'] as const;
const SAMPLE_ROWS = 30;

/**
 * The separator that splits the top rows most consistently into more than one column.
 * Papa Parse's own guess gives up on two-column files and on a trailing empty line.
 */
function guessDelimiter(text: string): string {
  let best = { delimiter: ';' as string, consistent: 0, columns: 1 };
  for (const delimiter of DELIMITERS) {
    const { data } = Papa.parse<string[]>(text, {
      delimiter,
      preview: SAMPLE_ROWS,
      skipEmptyLines: 'greedy',
    });
    const counts = new Map<number, number>();
    for (const row of data) counts.set(row.length, (counts.get(row.length) ?? 0) + 1);
    let columns = 1;
    let consistent = 0;
    for (const [length, count] of counts) {
      if (length > 1 && (count > consistent || (count === consistent && length > columns))) {
        columns = length;
        consistent = count;
      }
    }
    if (consistent > best.consistent || (consistent === best.consistent && columns > best.columns)) {
      best = { delimiter, consistent, columns };
    }
  }
  return best.delimiter;
}

function parseCsv(bytes: Buffer): Table {
  const { text, encoding } = decodeText(bytes);
  if (text.includes('\u0000'))
    throw unreadable('Filen ser ikke ut som tekst (CSV) eller et regneark (XLSX).');
  const result = Papa.parse<string[]>(text, { delimiter: guessDelimiter(text), skipEmptyLines: false });
  const rows = result.data.map((row) => row.map(cellText));
  // A trailing newline leaves one empty row; it is not part of the table.
  while (rows.length > 0 && rows[rows.length - 1]!.every((cell) => cell === '')) rows.pop();
  return { rows, delimiter: result.meta.delimiter || null, encoding };
}

async function parseXlsx(bytes: Buffer): Promise<Table> {
  // Loaded at the first import of a spreadsheet rather than at start (decision 037).
  const { readSheet } = await import('read-excel-file/node');
  let data: unknown[][];
  try {
    data = await readSheet(bytes);
  } catch {
    throw unreadable('Regnearket kunne ikke leses. Lagre det som .xlsx eller CSV og prøv igjen.');
  }
  return { rows: data.map((row) => row.map(cellText)), delimiter: null, encoding: 'xlsx' };
}

/** The rows of an uploaded file: XLSX when it is one (by its bytes, not its name), CSV otherwise. */
export async function readTable(bytes: Buffer): Promise<Table> {
  if (bytes.length === 0) throw unreadable('Filen er tom.');
  if (startsWith(bytes, OLE)) {
    throw unreadable('Gamle Excel-filer (.xls) kan ikke leses. Lagre filen som .xlsx eller CSV.');
  }
  if (startsWith(bytes, ZIP)) return parseXlsx(bytes);
  return parseCsv(bytes);
}
