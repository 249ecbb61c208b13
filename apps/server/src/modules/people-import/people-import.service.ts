import { randomUUID } from 'node:crypto';
import Papa from 'papaparse';
import {
  emailSchema,
  EXPORT_HEADERS,
  feideIdSchema,
  IMPORT_FIELDS,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  PERSON_NAME_PART_MAX,
  PERSON_ROOM_MAX,
  phoneSchema,
  ROLE_LABELS_NB,
  ROLES,
  type ExportFormat,
  type ImportField,
  type ImportFile,
  type ImportPreview,
  type ImportRow,
  type ImportRowError,
  type PersonInput,
  type Role,
} from '@tun/shared';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/database';
import { write } from '../../db/write';
import { defuseCell } from '../../formats/spreadsheet-cells';
import { ProblemError } from '../../http/problem';
import { recordAudit } from '../audit/audit.service';
import { createPersonInTransaction, loadPeople, type Actor } from '../people/people.service';
import { mapColumns, splitFullName, type ColumnMap } from './columns';
import {
  emailsOfSchool,
  emailsWithAccount,
  feideIdsOfSchool,
  linesOfSchool,
  type LineName,
} from './people-import.repository';
import { readTable, type Table } from './spreadsheet';

type Values = Record<ImportField, string>;

interface RawRow {
  row: number;
  values: Values;
}

interface ReadFile {
  fileName: string;
  table: Table;
  map: ColumnMap;
  rows: RawRow[];
}

export function decodeUpload(file: ImportFile): Buffer {
  const bytes = Buffer.from(file.contentBase64, 'base64');
  if (bytes.length > IMPORT_MAX_BYTES) {
    throw new ProblemError('payload-too-large', `Filen kan være høyst ${IMPORT_MAX_BYTES / 1024 / 1024} MB.`);
  }
  return bytes;
}

function extractRows(table: Table, map: ColumnMap): RawRow[] {
  const rows: RawRow[] = [];
  table.rows.forEach((cells, index) => {
    if (index <= map.headerIndex) return;
    if (cells.every((cell) => cell === '')) return;
    const cell = (field: ImportField | 'name') => {
      const position = map.index[field];
      return position === undefined ? '' : (cells[position] ?? '');
    };
    const full = map.index.name === undefined ? undefined : splitFullName(cell('name'));
    const values = Object.fromEntries(IMPORT_FIELDS.map((field) => [field, cell(field)])) as Values;
    if (full) {
      for (const part of ['first', 'middle', 'last'] as const) {
        if (map.index[part] === undefined) values[part] = full[part];
      }
    }
    rows.push({ row: index + 1, values });
  });
  return rows;
}

/** Reads and maps a file; nothing about the school is needed yet. */
export async function readImportFile(file: ImportFile): Promise<ReadFile> {
  const table = await readTable(decodeUpload(file));
  const map = mapColumns(table.rows);
  const rows = extractRows(table, map);
  if (rows.length === 0)
    throw new ProblemError('import-unreadable', 'Filen har ingen personer under overskriftene.');
  if (rows.length > IMPORT_MAX_ROWS) {
    throw new ProblemError('import-unreadable', `Filen har over ${IMPORT_MAX_ROWS} personer. Del den opp.`);
  }
  return { fileName: file.fileName, table, map, rows };
}

/** Compared ignoring case and extra spaces. */
function key(text: string): string {
  return text.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('nb');
}

const ROLE_WORDS = new Map<string, Role | 'student'>([
  ...ROLES.map((role) => [role, role] as const),
  ...ROLES.map((role) => [key(ROLE_LABELS_NB[role]), role] as const),
  ['lærar', 'teacher'],
  ['kjøkken', 'kitchen'],
  ['scholar', 'stipp'],
  ['developer', 'developer'],
  ['elev', 'student'],
  ['student', 'student'],
]);

/** Roles named in a cell by id or Norwegian label; blank (or "Elev") is a student, who has none. */
function parseRoleCell(cell: string): { roles: Role[]; unknown: string[] } {
  const roles: Role[] = [];
  const unknown: string[] = [];
  for (const word of cell.split(/[\s,;/|+&]+/)) {
    if (word === '' || key(word) === 'og' || key(word) === 'and') continue;
    const role = ROLE_WORDS.get(key(word));
    if (role === undefined) unknown.push(word);
    else if (role !== 'student' && !roles.includes(role)) roles.push(role);
  }
  return { roles, unknown };
}

/**
 * Lines named in a cell, by name or short name. The whole cell is tried first, so a line whose
 * name has a comma is still found; then it is split on ';' or '|', then on ',' or '/'.
 */
function parseLineCell(cell: string, lines: readonly LineName[]): { ids: string[]; unknown: string[] } {
  const byName = new Map<string, string>();
  for (const line of lines) byName.set(key(line.short_name), line.id);
  // Names win over short names when the two collide.
  for (const line of lines) byName.set(key(line.name), line.id);
  const ids: string[] = [];
  const unknown: string[] = [];
  const resolve = (part: string, separators: readonly RegExp[]) => {
    const text = part.trim();
    if (text === '') return;
    const id = byName.get(key(text));
    if (id !== undefined) {
      if (!ids.includes(id)) ids.push(id);
      return;
    }
    const [separator, ...rest] = separators;
    if (separator === undefined) unknown.push(text);
    else if (separator.test(text)) for (const piece of text.split(separator)) resolve(piece, rest);
    else resolve(text, rest);
  };
  resolve(cell, [/[;|\n]/, /[,/]/]);
  return { ids, unknown };
}

/** Phone numbers as people write them, "912 34 567", "+47 (0)91-23-45-67", down to what Tun stores. */
function normalizePhone(value: string): string {
  return value
    .replace(/\(0\)/g, '')
    .replace(/[-().]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

interface CheckedRow extends ImportRow {
  input: PersonInput | undefined;
}

/**
 * Checks every row against the rules of the new-user form and the school's lines, e-mail
 * addresses and Feide ids; collects every error instead of stopping at the first.
 */
export async function checkRows(
  db: Queryable,
  schoolId: string,
  rows: readonly RawRow[],
): Promise<CheckedRow[]> {
  const fileEmails = rows.flatMap(({ values }) => {
    const parsed = emailSchema.safeParse(values.email);
    return parsed.success ? [parsed.data] : [];
  });
  const [lines, takenEmails, accountEmails, takenFeideIds] = await Promise.all([
    linesOfSchool(db, schoolId),
    emailsOfSchool(db, schoolId),
    emailsWithAccount(db, schoolId, fileEmails),
    feideIdsOfSchool(db, schoolId),
  ]);
  const firstRowOfEmail = new Map<string, number>();
  const firstRowOfFeideId = new Map<string, number>();
  return rows.map(({ row, values }) => {
    const errors: ImportRowError[] = [];
    const fail = (field: ImportField, message: string) => errors.push({ row, field, message });

    if (values.first === '') fail('first', 'Mangler fornavn.');
    else if ([...values.first].length > PERSON_NAME_PART_MAX)
      fail('first', `Fornavnet er for langt (høyst ${PERSON_NAME_PART_MAX} tegn).`);
    if ([...values.middle].length > PERSON_NAME_PART_MAX)
      fail('middle', `Mellomnavnet er for langt (høyst ${PERSON_NAME_PART_MAX} tegn).`);
    if (values.last === '') fail('last', 'Mangler etternavn.');
    else if ([...values.last].length > PERSON_NAME_PART_MAX)
      fail('last', `Etternavnet er for langt (høyst ${PERSON_NAME_PART_MAX} tegn).`);

    let email: string | null = null;
    if (values.email !== '') {
      const parsed = emailSchema.safeParse(values.email);
      if (!parsed.success) {
        fail('email', `Ugyldig e-postadresse: «${values.email}».`);
      } else {
        email = parsed.data;
        const earlier = firstRowOfEmail.get(email);
        if (earlier !== undefined) fail('email', `Samme e-postadresse står også på rad ${earlier}.`);
        else firstRowOfEmail.set(email, row);
        if (takenEmails.has(email)) fail('email', 'Det finnes allerede en person med denne e-postadressen.');
        else if (accountEmails.has(email))
          fail('email', 'E-postadressen er allerede i bruk av en annen konto.');
      }
    }

    let phone: string | null = null;
    if (values.phone !== '') {
      const parsed = phoneSchema.safeParse(normalizePhone(values.phone));
      if (parsed.success) phone = parsed.data;
      else fail('phone', `Ugyldig telefonnummer: «${values.phone}».`);
    }

    let feideId: string | null = null;
    if (values.feideId !== '') {
      const parsed = feideIdSchema.safeParse(values.feideId);
      if (!parsed.success) {
        fail('feideId', `Ugyldig Feide-ID: «${values.feideId}». Den skrives som navn@organisasjon.`);
      } else {
        feideId = parsed.data;
        // Feide matches a sign-in to the id ignoring case, so two that differ only in case collide.
        const sameId = feideId.toLowerCase();
        const earlier = firstRowOfFeideId.get(sameId);
        if (earlier !== undefined) fail('feideId', `Samme Feide-ID står også på rad ${earlier}.`);
        else firstRowOfFeideId.set(sameId, row);
        if (takenFeideIds.has(sameId))
          fail('feideId', 'Det finnes allerede en person med denne Feide-ID-en.');
      }
    }

    if ([...values.room].length > PERSON_ROOM_MAX)
      fail('room', `Romnavnet er for langt (høyst ${PERSON_ROOM_MAX} tegn).`);

    const lineCell = parseLineCell(values.line, lines);
    for (const name of lineCell.unknown) fail('line', `Ukjent linje: «${name}».`);
    const roleCell = parseRoleCell(values.roles);
    for (const name of roleCell.unknown) fail('roles', `Ukjent rolle: «${name}».`);

    const input: PersonInput | undefined =
      errors.length > 0
        ? undefined
        : {
            name: {
              first: values.first,
              ...(values.middle ? { middle: values.middle } : {}),
              last: values.last,
            },
            email,
            phone,
            room: values.room || null,
            feideId,
            memberOf: lineCell.ids,
            roles: roleCell.roles,
          };
    return { row, values, lineIds: lineCell.ids, roles: roleCell.roles, errors, input };
  });
}

export async function previewImport(
  db: Queryable,
  schoolId: string,
  file: ImportFile,
): Promise<ImportPreview> {
  const read = await readImportFile(file);
  const rows = await checkRows(db, schoolId, read.rows);
  return {
    fileName: read.fileName,
    columns: read.map.columns,
    ignoredHeaders: read.map.ignoredHeaders,
    delimiter: read.table.delimiter,
    encoding: read.table.encoding,
    rows: rows.map(({ input: _input, ...row }) => row),
    errorCount: rows.reduce((sum, row) => sum + row.errors.length, 0),
  };
}

/**
 * Writes every row in one transaction, checked again inside it, or nothing: one bad row, or an
 * e-mail address taken since the preview, refuses the whole file.
 */
export async function commitImport(
  ctx: AppContext,
  actor: Actor & { personId: string },
  file: ImportFile,
): Promise<{ created: number; ids: string[] }> {
  const read = await readImportFile(file);
  return write(ctx, actor.schoolId, async (trx, publish) => {
    const rows = await checkRows(trx, actor.schoolId, read.rows);
    const errors = rows.flatMap((row) => row.errors);
    if (errors.length > 0) {
      throw new ProblemError(
        'validation-failed',
        'Filen har feil, og ingen personer ble importert.',
        errors.map((error) => ({
          path: `rows.${error.row}.${error.field}`,
          message: `Rad ${error.row}: ${error.message}`,
        })),
      );
    }
    const ids: string[] = [];
    for (const row of rows) ids.push(await createPersonInTransaction(trx, publish, actor, row.input!));
    await recordAudit(trx, {
      schoolId: actor.schoolId,
      actorPersonId: actor.personId,
      action: 'import',
      entity: 'people-import',
      entityId: randomUUID(),
      after: { fileName: read.fileName, created: ids.length, ids },
    });
    return { created: ids.length, ids };
  });
}

const PHONE_COLUMN = IMPORT_FIELDS.indexOf('phone');

/** Phone numbers are checked to be digits, so a leading + there is a number, not a formula. */
const defuse = (value: string, column: number) => (column === PHONE_COLUMN ? value : defuseCell(value));

export interface ExportFile {
  body: Buffer;
  contentType: string;
  fileName: string;
}

/** Everyone of the school with the import's columns and Norwegian headers. */
export async function exportPeople(
  db: Queryable,
  schoolId: string,
  format: ExportFormat,
  warn: (message: string) => void,
): Promise<ExportFile> {
  const [people, lines] = await Promise.all([
    loadPeople(db, schoolId, { warn }),
    linesOfSchool(db, schoolId),
  ]);
  const lineName = new Map(lines.map((line) => [line.id, line.name]));
  // The import splits a line cell on ';' before ',', so names with commas still come back.
  const lineSeparator = lines.some((line) => line.name.includes(',')) ? '; ' : ', ';
  const headers = IMPORT_FIELDS.map((field) => EXPORT_HEADERS[field]);
  const rows = people.map((person) => [
    person.name.first,
    person.name.middle ?? '',
    person.name.last,
    person.email ?? '',
    person.phone ?? '',
    person.room ?? '',
    person.memberOf.flatMap((id) => lineName.get(id) ?? []).join(lineSeparator),
    person.roles.map((role) => ROLE_LABELS_NB[role]).join(', '),
    person.feideId ?? '',
  ]);
  const date = new Date().toISOString().slice(0, 10);

  if (format === 'xlsx') {
    const header = headers.map((value) => ({ value, type: String, fontWeight: 'bold' as const }));
    const data = rows.map((cells) =>
      cells.map((value, column) => ({ value: defuse(value, column), type: String })),
    );
    // Loaded at the first spreadsheet written rather than at start (decision 037).
    const { default: writeXlsxFile } = await import('write-excel-file/node');
    const body = await writeXlsxFile([header, ...data], {
      sheet: 'Personer',
      columns: [16, 16, 18, 32, 16, 10, 24, 24, 28].map((width) => ({ width })),
      stickyRowsCount: 1,
    }).toBuffer();
    return {
      body,
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      fileName: `tun-personer-${date}.xlsx`,
    };
  }

  const csv = Papa.unparse(
    {
      fields: headers,
      data: rows.map((cells) => cells.map(defuse)),
    },
    { delimiter: ';', newline: '\r\n' },
  );
  // The BOM makes Excel read UTF-8 (æøå) instead of the system's code page.
  return {
    body: Buffer.from(`\uFEFF${csv}\r\n`, 'utf8'),
    contentType: 'text/csv; charset=utf-8',
    fileName: `tun-personer-${date}.csv`,
  };
}
