import { PROBLEMS } from '@tun/shared/problem';
import { describe, expect, it } from 'vitest';
import en from './en.json';
import nb from './nb.json';
import nn from './nn.json';

type Catalog = Record<string, unknown>;

/** 'a.b.c' → value, for every leaf of the catalog. */
function flatten(catalog: Catalog, prefix = ''): Map<string, unknown> {
  const entries = new Map<string, unknown>();
  for (const [key, value] of Object.entries(catalog)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      for (const [child, leaf] of flatten(value as Catalog, path)) entries.set(child, leaf);
    } else {
      entries.set(path, value);
    }
  }
  return entries;
}

const catalogs = { nb, nn, en } as Record<string, Catalog>;
const flat = Object.fromEntries(Object.entries(catalogs).map(([language, c]) => [language, flatten(c)]));
const languages = Object.keys(flat);

function placeholders(text: string): string[] {
  return [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((match) => match[1] ?? '').sort();
}

describe('locale catalogs', () => {
  for (const a of languages) {
    for (const b of languages) {
      if (a === b) continue;
      it(`every ${a} key exists in ${b}`, () => {
        const missing = [...flat[a]!.keys()].filter((key) => !flat[b]!.has(key));
        expect(missing).toEqual([]);
      });
    }
  }

  for (const language of languages) {
    it(`${language} has only non-empty strings`, () => {
      const bad = [...flat[language]!].filter(
        ([, value]) => typeof value !== 'string' || value.trim() === '',
      );
      expect(bad.map(([key]) => key)).toEqual([]);
    });

    it(`${language} uses the same {{placeholders}} as nb`, () => {
      const mismatched = [...flat.nb!].filter(([key, value]) => {
        const other = flat[language]!.get(key);
        return typeof other === 'string' && placeholders(String(value)).join() !== placeholders(other).join();
      });
      expect(mismatched.map(([key]) => key)).toEqual([]);
    });
  }

  it('has a message for every problem code the server can send', () => {
    const missing = Object.keys(PROBLEMS).filter((code) => !flat.nb!.has(`errors.${code}`));
    expect(missing).toEqual([]);
  });
});
