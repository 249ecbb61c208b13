import type { ParseKeys, TFunction, TOptions } from 'i18next';

/** Stands for the value while the text is looked up; no translation contains it. */
const MARK = '\u0000';

/**
 * A translated text with one value left open, looked up once for a list and filled in per row:
 * i18next spends some 50 µs on each lookup, and sixty rows with a few named texts each felt it.
 * For texts whose only variable is a plain string (a name, a note), with no plural or format.
 */
export function textTemplate(t: TFunction, key: ParseKeys, variable: string): (value: string) => string {
  const values: TOptions = { [variable]: MARK };
  const parts = t(key, values).split(MARK);
  return (value) => parts.join(value);
}
