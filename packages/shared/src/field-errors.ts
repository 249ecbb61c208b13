/**
 * Field errors of a problem (`errors[]`): a stable `code` with its bounds as parameters, which
 * the web translates, and a Norwegian `message` for everyone else. zod's own messages are English;
 * `configureFieldErrors` (./configure-field-errors) replaces them for every schema that does not
 * give its own text. Free of zod, so the web's start can show a server's field errors without it.
 * docs/decisions/014-error-texts.md.
 */
import { SINGLE_LINE_CODE, SINGLE_LINE_MESSAGE } from './single-line';

export const FIELD_ERROR_CODES = [
  'required',
  'too-small',
  'too-big',
  'invalid-type',
  'invalid-email',
  'invalid-format',
  'invalid-enum',
  'unknown-keys',
  'not-multiple-of',
  'invalid',
] as const;
export type FieldErrorCode = (typeof FIELD_ERROR_CODES)[number];

/** The code of a field error and what its text needs. */
export interface FieldErrorParams {
  /** One of FIELD_ERROR_CODES from validation; a service may send a code of its own. */
  code: string;
  minimum?: number;
  maximum?: number;
  /** What a bound counts: 'string' (characters), 'number', 'array' (items), 'date'. */
  origin?: string;
  /** Only sent for a bound that itself is not allowed (`> 0` rather than `>= 0`). */
  inclusive?: false;
  /** The type expected: 'string', 'number', 'int', 'boolean', 'array', 'object', … */
  expected?: string;
  /** The format expected: 'date', 'datetime', 'time', 'regex', … */
  format?: string;
  /** The values allowed. */
  values?: (string | number | boolean | null)[];
  /** Keys that are not part of the input. */
  keys?: string[];
  divisor?: number;
}

export interface FieldError extends Omit<FieldErrorParams, 'code'> {
  /** Always in an answer; a service that leaves it out gets the generic 'invalid'. */
  code?: string;
  /** Where in the request: 'body.admin.email', 'querystring.from', 'params.id'. */
  path: string;
  /** Norwegian, for people. */
  message: string;
  /** The SPEC's own wording, where it names one (English, as the SPEC has it). */
  detail?: string;
}

/**
 * Norwegian text per code, and per code and variant (`code_variant`, as i18next's context).
 * The web's nb catalog holds the same texts under `fieldErrors`.
 */
export const FIELD_ERROR_TEXTS: Record<string, string> = {
  required: 'Feltet må fylles ut.',
  'too-small': 'Må være minst {{minimum}}.',
  'too-small_exclusive': 'Må være større enn {{minimum}}.',
  'too-small_string': 'Må være minst {{minimum}} tegn.',
  'too-small_array': 'Må ha minst {{minimum}} elementer.',
  'too-small_date': 'Datoen er for tidlig.',
  'too-big': 'Må være høyst {{maximum}}.',
  'too-big_exclusive': 'Må være mindre enn {{maximum}}.',
  'too-big_string': 'Kan være høyst {{maximum}} tegn.',
  'too-big_array': 'Kan ha høyst {{maximum}} elementer.',
  'too-big_date': 'Datoen er for sen.',
  'invalid-type': 'Ugyldig verdi.',
  'invalid-type_string': 'Må være tekst.',
  'invalid-type_number': 'Må være et tall.',
  'invalid-type_int': 'Må være et heltall.',
  'invalid-type_boolean': 'Må være sann eller usann.',
  'invalid-type_array': 'Må være en liste.',
  'invalid-type_object': 'Må være et objekt.',
  'invalid-email': 'Ugyldig e-postadresse.',
  'invalid-format': 'Ugyldig format.',
  'invalid-format_date': 'Ugyldig dato (ÅÅÅÅ-MM-DD).',
  'invalid-format_datetime': 'Ugyldig tidspunkt.',
  'invalid-format_time': 'Ugyldig klokkeslett.',
  'invalid-format_url': 'Ugyldig nettadresse.',
  'invalid-enum': 'Ugyldig valg.',
  'unknown-keys': 'Ukjent felt: {{keys}}.',
  'not-multiple-of': 'Må gå opp i {{divisor}}.',
  [SINGLE_LINE_CODE]: SINGLE_LINE_MESSAGE,
  invalid: 'Ugyldig verdi.',
};

/** The variant of a code's text, if it has one: what a bound counts, the type or format wanted. */
export function fieldErrorVariant(error: FieldErrorParams): string | undefined {
  switch (error.code) {
    case 'too-small':
    case 'too-big':
      if (error.origin === 'string' || error.origin === 'array' || error.origin === 'date')
        return error.origin;
      return error.inclusive === false ? 'exclusive' : undefined;
    case 'invalid-type':
      return error.expected;
    case 'invalid-format':
      return error.format;
    default:
      return undefined;
  }
}

/** Catalog keys for a field error, most specific first. */
export function fieldErrorKeys(error: FieldErrorParams): string[] {
  const variant = fieldErrorVariant(error);
  return variant ? [`${error.code}_${variant}`, error.code] : [error.code];
}

const TEXT_PARAMS = ['minimum', 'maximum', 'divisor', 'keys'] as const;

/** The values a text may interpolate, lists joined. */
export function fieldErrorValues(error: FieldErrorParams): Record<string, string> {
  const values: Record<string, string> = {};
  for (const name of TEXT_PARAMS) {
    const value = error[name];
    if (value !== undefined) values[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return values;
}

function interpolate(text: string, values: Record<string, string>): string {
  return text.replace(/{{\s*(\w+)\s*}}/g, (whole, name: string) => values[name] ?? whole);
}

/** The Norwegian text of a field error; undefined for a code with no generic text. */
export function fieldErrorText(error: FieldErrorParams): string | undefined {
  const key = fieldErrorKeys(error).find((candidate) => Object.hasOwn(FIELD_ERROR_TEXTS, candidate));
  return key === undefined ? undefined : interpolate(FIELD_ERROR_TEXTS[key]!, fieldErrorValues(error));
}

/** JSON has no bigint; bounds that large are past any text anyway. */
function numeric(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number(value);
  if (value instanceof Date) return value.getTime();
  return undefined;
}

function jsonValue(value: unknown): string | number | boolean | null {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return value;
  return String(value);
}

/** The fields of a zod issue that say what went wrong; a finalized issue or a raw one. */
export interface IssueLike {
  code: string;
  origin?: unknown;
  minimum?: unknown;
  maximum?: unknown;
  inclusive?: unknown;
  expected?: unknown;
  format?: unknown;
  values?: unknown;
  keys?: unknown;
  divisor?: unknown;
  /** A refinement's own parameters: `{ code }` names its field error code. */
  params?: unknown;
}

/**
 * The stable code and parameters of a zod issue. `input` is the value at the issue's path:
 * a missing value is 'required', as is an empty text where at least one character is needed.
 */
export function fieldErrorOf(issue: IssueLike, input: unknown): FieldErrorParams {
  const origin =
    typeof issue.origin === 'string' ? (issue.origin === 'set' ? 'array' : issue.origin) : undefined;
  const sized = (code: 'too-small' | 'too-big', bound: 'minimum' | 'maximum'): FieldErrorParams => {
    const value = numeric(issue[bound]);
    return {
      code,
      ...(value === undefined ? {} : { [bound]: value }),
      ...(origin === undefined ? {} : { origin }),
      ...(issue.inclusive === false ? { inclusive: false as const } : {}),
    };
  };
  switch (issue.code) {
    case 'invalid_type':
      if (input === undefined) return { code: 'required' };
      return {
        code: 'invalid-type',
        ...(typeof issue.expected === 'string' ? { expected: issue.expected } : {}),
      };
    case 'too_small':
      if (origin === 'string' && numeric(issue.minimum) === 1) return { code: 'required' };
      return sized('too-small', 'minimum');
    case 'too_big':
      return sized('too-big', 'maximum');
    case 'invalid_format':
      if (issue.format === 'email') return { code: 'invalid-email' };
      return {
        code: 'invalid-format',
        ...(typeof issue.format === 'string' ? { format: issue.format } : {}),
      };
    case 'invalid_value':
      return { code: 'invalid-enum', values: Array.isArray(issue.values) ? issue.values.map(jsonValue) : [] };
    case 'unrecognized_keys':
      return { code: 'unknown-keys', keys: Array.isArray(issue.keys) ? issue.keys.map(String) : [] };
    case 'not_multiple_of': {
      const divisor = numeric(issue.divisor);
      return { code: 'not-multiple-of', ...(divisor === undefined ? {} : { divisor }) };
    }
    case 'custom': {
      const own = (issue.params as { code?: unknown } | undefined)?.code;
      return { code: typeof own === 'string' ? own : 'invalid' };
    }
    default:
      return { code: 'invalid' };
  }
}
