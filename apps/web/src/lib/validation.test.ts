import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from './i18n';
import { validators } from './validation';

beforeAll(async () => {
  // i18n.ts sets <html lang>; give it a stand-in document in the node test environment.
  (globalThis as { document?: unknown }).document = { documentElement: { lang: '' } };
  await initI18n();
});

describe('validators', () => {
  it('speaks Norwegian', () => {
    expect(validators.required()('  ')).toBe('Fyll ut dette feltet.');
    expect(validators.email()('kari@')).toMatch(/gyldig e-postadresse/);
    expect(validators.email()(' kari@tun.no ')).toBeNull();
  });

  it('checks lengths in characters', () => {
    const check = validators.length({ max: 3 });
    expect(check('æøå')).toBeNull();
    expect(check('æøåx')).toBe('Kan være høyst 3 tegn.');
  });

  it('checks passwords as typed', () => {
    const check = validators.password({ min: 10, max: 128 });
    expect(check('kort')).toBe('Må være minst 10 tegn.');
    expect(check('et langt passord')).toBeNull();
    expect(validators.sameAs('a')('b')).toBe('Passordene er ikke like.');
  });
});
