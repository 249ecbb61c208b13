import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { emailSchema } from './contact';
import { configureFieldErrors } from './configure-field-errors';
import { fieldErrorOf, fieldErrorText, FIELD_ERROR_TEXTS } from './field-errors';

/** Words of zod's own (English) messages. */
const ENGLISH = /\b(expected|invalid|too big|too small|received|input|characters|must)\b/i;

beforeAll(() => configureFieldErrors());

function issues(schema: z.ZodType, value: unknown) {
  const result = schema.safeParse(value);
  if (result.success) throw new Error('expected the value to be refused');
  return result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
}

describe('field errors', () => {
  const schema = z
    .object({
      lat: z.number().min(-90).max(90),
      count: z.number().int().positive(),
      name: z.string().trim().min(1).max(5),
      short: z.string().min(3),
      email: emailSchema,
      tags: z.array(z.string()).max(2),
      kind: z.enum(['a', 'b']),
      flag: z.boolean(),
      at: z.iso.datetime({ offset: true }),
      time: z.string().regex(/^\d\d:\d\d$/, 'Ugyldig klokkeslett (TT:MM)'),
    })
    .strict();

  it('gives zod’s issues Norwegian texts and keeps a schema’s own', () => {
    const found = issues(schema, {
      lat: 95,
      count: 1.5,
      name: '   ',
      short: 'ab',
      email: 'ikke-en-epost',
      tags: ['a', 'b', 'c'],
      kind: 'c',
      flag: 'ja',
      at: 'i går',
      time: '9',
      extra: 1,
    });
    expect(found).toEqual([
      { path: 'lat', message: 'Må være høyst 90.' },
      { path: 'count', message: 'Må være et heltall.' },
      { path: 'name', message: 'Feltet må fylles ut.' },
      { path: 'short', message: 'Må være minst 3 tegn.' },
      { path: 'email', message: 'Ugyldig e-postadresse.' },
      { path: 'tags', message: 'Kan ha høyst 2 elementer.' },
      { path: 'kind', message: 'Ugyldig valg.' },
      { path: 'flag', message: 'Må være sann eller usann.' },
      { path: 'at', message: 'Ugyldig tidspunkt.' },
      { path: 'time', message: 'Ugyldig klokkeslett (TT:MM)' },
      { path: '', message: 'Ukjent felt: extra.' },
    ]);
    expect(issues(schema.pick({ count: true }), { count: 0 })).toEqual([
      { path: 'count', message: 'Må være større enn 0.' },
    ]);
    expect(
      issues(schema.pick({ name: true, lat: true }), {}).sort((a, b) => a.path.localeCompare(b.path)),
    ).toEqual([
      { path: 'lat', message: 'Feltet må fylles ut.' },
      { path: 'name', message: 'Feltet må fylles ut.' },
    ]);
  });

  it('gives each issue a stable code with its bounds as parameters', () => {
    expect(fieldErrorOf({ code: 'too_big', origin: 'number', maximum: 90, inclusive: true }, 95)).toEqual({
      code: 'too-big',
      maximum: 90,
      origin: 'number',
    });
    expect(fieldErrorOf({ code: 'too_small', origin: 'number', minimum: 0n, inclusive: false }, 0)).toEqual({
      code: 'too-small',
      minimum: 0,
      origin: 'number',
      inclusive: false,
    });
    expect(fieldErrorOf({ code: 'too_small', origin: 'string', minimum: 1, inclusive: true }, '')).toEqual({
      code: 'required',
    });
    expect(fieldErrorOf({ code: 'invalid_type', expected: 'string' }, undefined)).toEqual({
      code: 'required',
    });
    expect(fieldErrorOf({ code: 'invalid_type', expected: 'string' }, 3)).toEqual({
      code: 'invalid-type',
      expected: 'string',
    });
    expect(fieldErrorOf({ code: 'invalid_format', format: 'email' }, 'x')).toEqual({ code: 'invalid-email' });
    expect(fieldErrorOf({ code: 'invalid_value', values: ['a', 1n] }, 'c')).toEqual({
      code: 'invalid-enum',
      values: ['a', '1'],
    });
    expect(fieldErrorOf({ code: 'unrecognized_keys', keys: ['x'] }, {})).toEqual({
      code: 'unknown-keys',
      keys: ['x'],
    });
    expect(fieldErrorOf({ code: 'custom' }, 1)).toEqual({ code: 'invalid' });
    expect(fieldErrorOf({ code: 'custom', params: { code: 'single-line' } }, 'a\nb')).toEqual({
      code: 'single-line',
    });
  });

  it('has a Norwegian text for every code, with no English from zod', () => {
    expect(Object.values(FIELD_ERROR_TEXTS).filter((text) => ENGLISH.test(text))).toEqual([]);
    expect(fieldErrorText({ code: 'too-big', maximum: 90 })).toBe('Må være høyst 90.');
    expect(fieldErrorText({ code: 'too-big', maximum: 200, origin: 'string' })).toBe(
      'Kan være høyst 200 tegn.',
    );
    expect(fieldErrorText({ code: 'invalid-format', format: 'ipv4' })).toBe('Ugyldig format.');
    expect(fieldErrorText({ code: 'not-found' })).toBeUndefined();
    expect(fieldErrorText({ code: 'constructor' })).toBeUndefined();
  });
});
