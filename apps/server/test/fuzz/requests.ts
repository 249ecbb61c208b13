/**
 * Requests for every operation of the OpenAPI document, as a careless or hostile client would
 * send them: values of the wrong type, huge and tiny numbers, dates at and past the ends of the
 * calendar, control characters, long ids, broken encodings and bodies that are not JSON. Most
 * requests stay close to the schema (right field names, one value off), so that they pass the
 * first check and reach the code behind it.
 *
 * Used by the fuzz test in the suite and by `npm run fuzz` against a running server.
 */
import fc from 'fast-check';

export interface FuzzRequest {
  method: string;
  /** The path with its parameters filled in and encoded as sent. */
  url: string;
  /** The operation's path template, to group failures by route. */
  route: string;
  headers: Record<string, string>;
  body?: string;
  /** A body past the size limit, made when sent (thousands of them would not fit in memory). */
  oversized?: true;
}

const OVERSIZED_LENGTH = 2 * 1024 * 1024;

/** The bytes to send as the request's body. */
export function bodyOf(request: FuzzRequest): string | undefined {
  return request.oversized ? `{"name":"${'x'.repeat(OVERSIZED_LENGTH)}"}` : request.body;
}

interface JsonSchema {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
}

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  schema?: JsonSchema;
}

interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
}

/**
 * Operations left out: the stream never ends and sign-out would end the fuzzing session. The
 * rest, deletions and erasure included, are fair game (the admin cannot erase or demote
 * themselves, and the pool of ids holds nobody else who matters).
 */
const SKIPPED = new Set(['GET /api/v1/live', 'POST /api/v1/logout']);

const CONTROL = ['\u0000', '\n', '\r\n', '\t', '\u001b[31m', '\u2028', '\u202e', '\ud800'];

/** Strings that have broken servers: ends of the calendar, number edges, encodings, injections. */
const NASTY_STRINGS = [
  '',
  ' ',
  '0',
  '-1',
  '1e309',
  'NaN',
  'Infinity',
  'null',
  'true',
  '[]',
  '{}',
  '9999-12-31',
  '9999-12-30',
  '0000-01-01',
  '+010000-01-01',
  '-000001-01-01',
  '2026-02-30',
  '2026-13-01',
  '2026-11-23T25:61:00Z',
  '0000-01-01T00:00:00Z',
  '9999-12-31T23:59:59Z',
  '+275760-09-13T00:00:00.000Z',
  '1970-01-01T00:00:00Z',
  '2026-11-23T10:00:00+14:00',
  '24:00',
  '23:60',
  '-01:00',
  'a'.repeat(201),
  'x'.repeat(10_000),
  '../../etc/passwd',
  '%00',
  '%E0%A4%A',
  "'; drop table person; --",
  '<script>alert(1)</script>',
  '=HYPERLINK("http://x","y")',
  'Rom\nLOCATION:evil',
  '😀'.repeat(50),
  'Æøå ÆØÅ',
  '__proto__',
  'constructor',
];

const NASTY_NUMBERS = [
  0,
  -1,
  1,
  0.5,
  -0.0001,
  2 ** 31,
  -(2 ** 31),
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  1e308,
  -1e308,
  5e-324,
];

const nastyString = fc.oneof(
  fc.constantFrom(...NASTY_STRINGS),
  fc.string({ maxLength: 40 }),
  fc
    .tuple(fc.string({ maxLength: 10 }), fc.constantFrom(...CONTROL), fc.string({ maxLength: 10 }))
    .map((parts) => parts.join('')),
  fc.string({ unit: 'binary', maxLength: 30 }),
);

const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  nastyString,
  fc.constantFrom(...NASTY_NUMBERS),
  fc.constantFrom(null, true, false, [], {}),
  fc.array(nastyString, { maxLength: 3 }),
  fc.dictionary(nastyString, nastyString, { maxKeys: 3 }),
  // Deep nesting: a body parser or a recursive walker must not fall over.
  fc
    .integer({ min: 50, max: 2_000 })
    .map((depth) => JSON.parse('['.repeat(depth) + ']'.repeat(depth)) as unknown),
);

function types(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  return schema.type ? [schema.type] : [];
}

/** A value the schema allows, roughly: enough to get past validation and into the service. */
function plausible(schema: JsonSchema, pool: readonly string[], depth = 0): fc.Arbitrary<unknown> {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives && alternatives.length > 0)
    return fc.oneof(...alternatives.map((item) => plausible(item, pool, depth + 1)));
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  const [type] = types(schema);
  switch (type) {
    case 'boolean':
      return fc.boolean();
    case 'integer':
    case 'number':
      return fc.integer({
        min: Math.max(schema.minimum ?? -1000, -1e6),
        max: Math.min(schema.maximum ?? 1000, 1e6),
      });
    case 'array':
      return depth > 4 || !schema.items
        ? fc.constant([])
        : fc.array(plausible(schema.items, pool, depth + 1), { maxLength: 3 });
    case 'object': {
      if (depth > 4 || !schema.properties) return fc.constant({});
      const entries = Object.entries(schema.properties).map(
        ([key, value]) => [key, plausible(value, pool, depth + 1)] as const,
      );
      return fc.record(Object.fromEntries(entries), { requiredKeys: schema.required ?? [] });
    }
    case 'string':
    default:
      return stringFor(schema, pool);
  }
}

function stringFor(schema: JsonSchema, pool: readonly string[]): fc.Arbitrary<string> {
  const dates = fc.date({
    min: new Date('1999-01-01T00:00:00Z'),
    max: new Date('2101-12-31T00:00:00Z'),
    noInvalidDate: true,
  });
  switch (schema.format) {
    case 'date-time':
      return dates.map((date) => date.toISOString());
    case 'date':
      return dates.map((date) => date.toISOString().slice(0, 10));
    case 'email':
      return fc.emailAddress();
    default:
      return fc.oneof(
        // Short strings, unless the schema wants longer ones (a push key is 80 or more).
        fc.string({
          minLength: schema.minLength ?? 0,
          maxLength: Math.max(schema.minLength ?? 0, Math.min(schema.maxLength ?? 30, 30)),
        }),
        ...(pool.length > 0 ? [fc.constantFrom(...pool)] : []),
        fc.constantFrom('2026-11-23', '2026-11-23T08:00:00Z', '08:15', 'Mo', 'attending', 'notAttending'),
      );
  }
}

/** The schema's value with one field (or the whole) swapped for something hostile. */
function hostile(schema: JsonSchema | undefined, pool: readonly string[]): fc.Arbitrary<unknown> {
  if (!schema) return anyJson;
  const near = plausible(schema, pool);
  const properties = schema.properties ? Object.keys(schema.properties) : [];
  return fc.oneof(
    { weight: 2, arbitrary: near },
    { weight: 1, arbitrary: anyJson },
    {
      weight: properties.length > 0 ? 5 : 0,
      arbitrary: fc
        .tuple(near, fc.constantFrom(...(properties.length > 0 ? properties : ['x'])), anyJson)
        .map(([value, key, bad]) =>
          value !== null && typeof value === 'object' && !Array.isArray(value)
            ? { ...value, [key]: bad }
            : value,
        ),
    },
  );
}

/** Percent-encoded; a lone surrogate (no UTF-8 for it) goes as the bytes of one, which are invalid. */
function encodePathValue(text: string): string {
  return [...text]
    .map((char) => (/^[\ud800-\udfff]$/.test(char) ? '%ED%A0%80' : encodeURIComponent(char)))
    .join('');
}

const pathValue = (pool: readonly string[]) =>
  fc.oneof(
    { weight: 3, arbitrary: pool.length > 0 ? fc.constantFrom(...pool) : fc.uuid() },
    { weight: 3, arbitrary: nastyString.map(encodePathValue) },
    // Sent as they are, not encoded: bad escapes, long ids, dots.
    { weight: 1, arbitrary: fc.constantFrom('%E0%A4%A', '%', '%zz', 'a'.repeat(201), '..', '.', '%2e%2e') },
  );

const queryValue = (schema: JsonSchema | undefined, pool: readonly string[]) =>
  fc.oneof(
    { weight: 2, arbitrary: (schema ? plausible(schema, pool) : fc.string()).map((value) => String(value)) },
    { weight: 3, arbitrary: nastyString },
  );

function operationRequests(
  path: string,
  method: string,
  operation: Operation,
  pool: readonly string[],
): fc.Arbitrary<FuzzRequest> {
  const parameters = operation.parameters ?? [];
  const pathParameters = parameters.filter((parameter) => parameter.in === 'path');
  const queryParameters = parameters.filter((parameter) => parameter.in === 'query');
  const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
  const hasBody = operation.requestBody !== undefined;

  const pathArb = fc.tuple(...pathParameters.map(() => pathValue(pool))).map((values) => {
    let url = path;
    pathParameters.forEach((parameter, index) => {
      url = url.replace(`{${parameter.name}}`, values[index] ?? '');
    });
    return url;
  });
  const queryArb = fc.tuple(
    ...queryParameters.map((parameter) => fc.option(queryValue(parameter.schema, pool), { nil: undefined })),
  );
  const bodyArb: fc.Arbitrary<{ body?: string; contentType?: string; oversized?: true }> = hasBody
    ? fc.oneof(
        {
          weight: 8,
          arbitrary: hostile(bodySchema, pool).map((value) => ({ body: JSON.stringify(value) ?? 'null' })),
        },
        {
          weight: 1,
          arbitrary: fc
            .constantFrom('{"a":', 'not json', '', '\u0000', '{"__proto__":{"x":1}}')
            .map((body) => ({ body })),
        },
        {
          weight: 1,
          arbitrary: fc.constant({ body: 'name=x', contentType: 'application/x-www-form-urlencoded' }),
        },
        { weight: 1, arbitrary: fc.constant({ body: '', oversized: true as const }) },
      )
    : fc.constant({});

  return fc.tuple(pathArb, queryArb, bodyArb).map(([url, queryValues, { body, contentType, oversized }]) => {
    const search = new URLSearchParams();
    queryParameters.forEach((parameter, index) => {
      const value = queryValues[index];
      if (value !== undefined) search.append(parameter.name, value);
    });
    const query = search.toString();
    const headers: Record<string, string> = {};
    if (body !== undefined) headers['content-type'] = contentType ?? 'application/json';
    return {
      method: method.toUpperCase(),
      url: query ? `${url}?${query}` : url,
      route: `${method.toUpperCase()} ${path}`,
      headers,
      ...(body !== undefined ? { body } : {}),
      ...(oversized ? { oversized } : {}),
    };
  });
}

/** One arbitrary over every operation of the document, each operation equally likely. */
export function fuzzRequests(document: OpenApiDocument, pool: readonly string[]): fc.Arbitrary<FuzzRequest> {
  const operations: fc.Arbitrary<FuzzRequest>[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    if (!path.startsWith('/api/')) continue;
    for (const [method, operation] of Object.entries(methods)) {
      if (SKIPPED.has(`${method.toUpperCase()} ${path}`)) continue;
      operations.push(operationRequests(path, method, operation, pool));
    }
  }
  return fc.oneof(...operations);
}

/** The same requests for the same seed, so that a failure can be sent again. */
export function sampleRequests(
  document: OpenApiDocument,
  pool: readonly string[],
  options: { seed: number; count: number },
): FuzzRequest[] {
  return fc.sample(fuzzRequests(document, pool), { seed: options.seed, numRuns: options.count });
}

export interface FuzzAnswer {
  status: number;
  contentType: string | undefined;
}

/** What is wrong with an answer: a 5xx, or a 4xx that is not a problem document. */
export function fault(answer: FuzzAnswer): string | null {
  if (answer.status >= 500) return `${answer.status}`;
  if (answer.status >= 400 && !answer.contentType?.startsWith('application/problem+json'))
    return `${answer.status} as ${answer.contentType ?? 'no content type'}`;
  return null;
}
