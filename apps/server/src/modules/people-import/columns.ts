/**
 * Which column of a school's file is which: by header, in Norwegian or English, ignoring case,
 * spaces and punctuation, so that exports from Navi and hand-made spreadsheets both fit.
 */
import { IMPORT_FIELDS, type ImportField } from '@tun/shared';
import { ProblemError } from '../../http/problem';

/** A header as compared: lower case, without spaces, dots, dashes, slashes and the like. */
export function normalizeHeader(header: string): string {
  return header
    .normalize('NFC')
    .toLowerCase()
    .replace(/[\s._\-–/\\()*:#]+/g, '');
}

const SYNONYMS: Record<ImportField | 'name', readonly string[]> = {
  first: ['fornavn', 'firstname', 'first', 'givenname', 'forename'],
  middle: ['mellomnavn', 'middlename', 'middle'],
  last: ['etternavn', 'lastname', 'last', 'surname', 'familyname'],
  email: ['epost', 'epostadresse', 'email', 'emailadresse', 'emailaddress', 'mail'],
  phone: [
    'telefon',
    'telefonnummer',
    'telefonnr',
    'tlf',
    'tlfnr',
    'mobil',
    'mobilnummer',
    'mobilnr',
    'mobiltelefon',
    'phone',
    'phonenumber',
    'mobile',
    'cellphone',
  ],
  room: ['rom', 'romnummer', 'romnr', 'hybel', 'room', 'roomnumber'],
  line: ['linje', 'linjer', 'klasse', 'klasser', 'line', 'lines', 'class', 'classes'],
  roles: ['roller', 'rolle', 'roles', 'role'],
  feideId: ['feideid', 'feidenavn', 'feidebrukernavn', 'feidebruker', 'edupersonprincipalname', 'eppn'],
  // A single name column ("Etternavn, Fornavn" or "Fornavn Etternavn"), as some exports have.
  name: ['navn', 'fulltnavn', 'name', 'fullname'],
};

const FIELD_OF = new Map<string, ImportField | 'name'>(
  Object.entries(SYNONYMS).flatMap(([field, names]) =>
    names.map((name) => [name, field as ImportField | 'name'] as const),
  ),
);

export interface ColumnMap {
  /** Header row index (0-based) in the table. */
  headerIndex: number;
  /** Column index of each field, when the file has it. */
  index: Partial<Record<ImportField | 'name', number>>;
  /** Header text of each field, for the preview. */
  columns: Record<ImportField, string | null>;
  ignoredHeaders: string[];
}

function mapHeader(cells: readonly string[]) {
  const index: Partial<Record<ImportField | 'name', number>> = {};
  const ignored: string[] = [];
  cells.forEach((cell, position) => {
    if (cell === '') return;
    const field = FIELD_OF.get(normalizeHeader(cell));
    if (field === undefined || index[field] !== undefined) ignored.push(cell);
    else index[field] = position;
  });
  return { index, ignored };
}

function hasNames(index: ColumnMap['index']): boolean {
  return (index.first !== undefined && index.last !== undefined) || index.name !== undefined;
}

/** How many rows at the top may be titles or notes before the header row. */
const HEADER_SEARCH_ROWS = 10;

/**
 * Finds the header row (the first of the top rows that names the name columns) and maps its
 * columns. A file without name columns cannot be imported, and says which it lacks.
 */
export function mapColumns(rows: readonly string[][]): ColumnMap {
  const candidates = rows.slice(0, HEADER_SEARCH_ROWS);
  let best: { headerIndex: number; index: ColumnMap['index']; ignored: string[] } | undefined;
  for (const [headerIndex, cells] of candidates.entries()) {
    const { index, ignored } = mapHeader(cells);
    if (hasNames(index)) {
      best = { headerIndex, index, ignored };
      break;
    }
    const found = Object.keys(index).length;
    if (found > 0 && (best === undefined || found > Object.keys(best.index).length)) {
      best = { headerIndex, index, ignored };
    }
  }
  if (!best || !hasNames(best.index)) {
    const missing = [
      best?.index.first === undefined ? 'Fornavn' : undefined,
      best?.index.last === undefined ? 'Etternavn' : undefined,
    ].filter(Boolean);
    throw new ProblemError(
      'import-unreadable',
      `Fant ingen kolonne for ${missing.join(' og ').toLowerCase()}. Første rad må ha overskrifter som ${missing.join(', ')}.`,
      missing.map((header) => ({ path: 'file', message: `Mangler kolonnen ${header}.` })),
    );
  }
  const header = rows[best.headerIndex]!;
  const columns = Object.fromEntries(
    IMPORT_FIELDS.map((field) => {
      const position = best.index[field];
      return [field, position === undefined ? null : (header[position] ?? null)];
    }),
  ) as Record<ImportField, string | null>;
  // With separate name columns, a full-name column is extra information, not a source.
  if (best.index.first !== undefined && best.index.last !== undefined && best.index.name !== undefined) {
    best.ignored.push(header[best.index.name]!);
    delete best.index.name;
  }
  if (best.index.name !== undefined) {
    const nameHeader = header[best.index.name] ?? null;
    columns.first ??= nameHeader;
    columns.last ??= nameHeader;
  }
  return { headerIndex: best.headerIndex, index: best.index, columns, ignoredHeaders: best.ignored };
}

/**
 * Splits a full name: "Nordmann, Kari Anne" (last name first, as registers list people) or
 * "Kari Anne Nordmann" (the last word is the last name, words between are middle names).
 */
export function splitFullName(full: string): { first: string; middle: string; last: string } {
  const text = full.trim().replace(/\s+/g, ' ');
  const comma = text.indexOf(',');
  if (comma >= 0) {
    const last = text.slice(0, comma).trim();
    const [first = '', ...middle] = text
      .slice(comma + 1)
      .trim()
      .split(' ')
      .filter(Boolean);
    return { first, middle: middle.join(' '), last };
  }
  const words = text.split(' ').filter(Boolean);
  if (words.length <= 1) return { first: words[0] ?? '', middle: '', last: '' };
  return { first: words[0]!, middle: words.slice(1, -1).join(' '), last: words[words.length - 1]! };
}
