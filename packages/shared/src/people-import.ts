/**
 * Importing and exporting people as CSV or XLSX. The browser reads the file and sends it as
 * base64 in JSON; the server parses it, so that the preview and the commit read the same file
 * the same way.
 */
import { z } from 'zod';
import { singleLineText } from './text';
import { roleSchema } from './people';

/** The largest file accepted: a school of 400 people is about 40 KB as CSV. */
export const IMPORT_MAX_BYTES = 2 * 1024 * 1024;
/** Far more than a folk high school has people; a bound on one transaction. */
export const IMPORT_MAX_ROWS = 2000;

/** The columns, in the order of the export. */
export const IMPORT_FIELDS = [
  'first',
  'middle',
  'last',
  'email',
  'phone',
  'room',
  'line',
  'roles',
  'feideId',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

/** The export's headers: what Norwegian schools call these columns. */
export const EXPORT_HEADERS: Record<ImportField, string> = {
  first: 'Fornavn',
  middle: 'Mellomnavn',
  last: 'Etternavn',
  email: 'E-post',
  phone: 'Telefon',
  room: 'Rom',
  line: 'Linje',
  roles: 'Roller',
  feideId: 'Feide-ID',
};

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const peopleExportQuerySchema = z.object({ format: z.enum(EXPORT_FORMATS).default('csv') });

export const importFileSchema = z.object({
  fileName: singleLineText().min(1).max(255),
  /** The file's bytes, base64-encoded. */
  contentBase64: z
    .string()
    .min(1)
    .max(Math.ceil(IMPORT_MAX_BYTES / 3) * 4)
    .regex(/^[A-Za-z0-9+/=\r\n]+$/, 'Ikke gyldig base64'),
});
export type ImportFile = z.infer<typeof importFileSchema>;

export const importRowErrorSchema = z.object({
  /** The row's number as a spreadsheet shows it (the header is row 1). */
  row: z.number().int(),
  field: z.enum(IMPORT_FIELDS),
  message: z.string(),
});
export type ImportRowError = z.infer<typeof importRowErrorSchema>;

export const importRowSchema = z.object({
  row: z.number().int(),
  /** The cells as read, trimmed; '' for an empty or missing cell. */
  values: z.record(z.enum(IMPORT_FIELDS), z.string()),
  /** The lines the line cell named, as ids. */
  lineIds: z.array(z.string()),
  roles: z.array(roleSchema),
  errors: z.array(importRowErrorSchema),
});
export type ImportRow = z.infer<typeof importRowSchema>;

export const importPreviewSchema = z.object({
  fileName: z.string(),
  /** Which header of the file was taken for each column; null when the file has none. */
  columns: z.record(z.enum(IMPORT_FIELDS), z.string().nullable()),
  /** Headers that matched no column and were left out. */
  ignoredHeaders: z.array(z.string()),
  /** Set for CSV files: the separator found and how the text was encoded. */
  delimiter: z.string().nullable(),
  encoding: z.enum(['utf-8', 'utf-16', 'windows-1252', 'xlsx']),
  rows: z.array(importRowSchema),
  errorCount: z.number().int().nonnegative(),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

export const importCommitResultSchema = z.object({
  created: z.number().int().nonnegative(),
  ids: z.array(z.string()),
});
export type ImportCommitResult = z.infer<typeof importCommitResultSchema>;
