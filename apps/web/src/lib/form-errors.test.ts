import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import i18next from 'i18next';
import { FIELD_ERROR_TEXTS } from '@tun/shared/field-errors';
import { positionSchema } from '@tun/shared/school';
import nb from '../locales/nb.json';
import { ApiError, apiRequest } from './api-client';
import { configureFormErrors } from './configure-form-errors';
import { fieldErrorMessage, fieldPath } from './form-errors';
import { changeLanguage, initI18n } from './i18n';

beforeAll(async () => {
  // i18n.ts sets <html lang>; give it a stand-in document in the node test environment.
  (globalThis as { document?: unknown }).document = { documentElement: { lang: '' } };
  await initI18n();
  // As loading zod in the app does (lib/zod.ts).
  configureFormErrors();
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18next.changeLanguage('nb');
});

describe('fieldPath', () => {
  it('drops the request part of a server error path, in either notation', () => {
    expect(fieldPath('body.name.first')).toEqual(['name', 'first']);
    expect(fieldPath('body/members/0')).toEqual(['members', '0']);
    expect(fieldPath('memberOf')).toEqual(['memberOf']);
  });
});

describe('field error texts', () => {
  it('has the server’s Norwegian texts in the bokmål catalog', () => {
    expect(nb.fieldErrors).toEqual(FIELD_ERROR_TEXTS);
  });

  it('shows a field error code in the active language', async () => {
    const tooBig = {
      path: 'body.position.lat',
      code: 'too-big',
      maximum: 90,
      origin: 'number',
      message: 'Må være høyst 90.',
    };
    expect(fieldErrorMessage(tooBig)).toBe('Må være høyst 90.');
    await changeLanguage('en');
    expect(fieldErrorMessage(tooBig)).toBe('Must be at most 90.');
    expect(
      fieldErrorMessage({
        path: 'body.name',
        code: 'too-big',
        maximum: 100,
        origin: 'string',
        message: 'Kan være høyst 100 tegn.',
      }),
    ).toBe('Can be at most 100 characters.');
    await changeLanguage('nn');
    expect(fieldErrorMessage({ path: 'body.email', code: 'required', message: 'Feltet må fylles ut.' })).toBe(
      'Feltet må fyllast ut.',
    );
  });

  it('keeps the server’s own words for an unknown code or a message that says more', async () => {
    await changeLanguage('en');
    expect(
      fieldErrorMessage({ path: 'body.forClasses.0', code: 'invalid', message: 'Linjen finnes ikke.' }),
    ).toBe('Linjen finnes ikke.');
    expect(
      fieldErrorMessage({ path: 'body.studentId', code: 'not-found', message: 'Eleven finnes ikke.' }),
    ).toBe('Eleven finnes ikke.');
    expect(fieldErrorMessage({ path: 'body.x', message: 'Ugyldig verdi.' })).toBe('Ugyldig verdi.');
  });

  it('translates the field errors of a problem the API answers with', async () => {
    await changeLanguage('en');
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({
              type: 'urn:tun:problem:validation-failed',
              title: 'Noen av feltene er ugyldige.',
              status: 400,
              code: 'validation-failed',
              errors: [
                { path: 'body.admin.email', code: 'invalid-email', message: 'Ugyldig e-postadresse.' },
              ],
            }),
            { status: 400, headers: { 'content-type': 'application/problem+json' } },
          ),
      ),
    );
    const error = await apiRequest('/setup', { method: 'POST' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).problem.errors).toEqual([
      { path: 'body.admin.email', code: 'invalid-email', message: 'Invalid email address.' },
    ]);
  });

  it('gives the browser’s own checks with the shared schemas the active language', async () => {
    const bad = { lat: 95, lon: 10 };
    expect(positionSchema.safeParse(bad).error?.issues[0]?.message).toBe('Må være høyst 90.');
    await changeLanguage('en');
    expect(positionSchema.safeParse(bad).error?.issues[0]?.message).toBe('Must be at most 90.');
  });
});
