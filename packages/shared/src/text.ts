/**
 * Text fields that are one line: names of people, rooms, lines, schools, events. They end up in
 * headers and line-based formats (iCal, CSV, e-mail subjects), where a line break starts a new
 * field; so they hold no control characters at all. The writers escape as well
 * (docs/decisions/015-input-bounds-and-writers.md).
 */
import { z } from 'zod';

/** C0 and C1 control characters, DEL, and the Unicode line and paragraph separators. */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

export const SINGLE_LINE_MESSAGE = 'Teksten kan ikke ha linjeskift, tabulator eller andre kontrolltegn.';
/** The field error code of a control character in a one-line text. */
export const SINGLE_LINE_CODE = 'single-line';

export function isSingleLine(text: string): boolean {
  return !CONTROL_CHARACTERS.test(text);
}

/**
 * A trimmed one-line text; chain `.min()`/`.max()` as for any string. Surrounding white space,
 * a trailing newline included, is trimmed away first, so only breaks inside the text are refused.
 */
export function singleLineText() {
  return z
    .string()
    .trim()
    .refine(isSingleLine, { message: SINGLE_LINE_MESSAGE, params: { code: SINGLE_LINE_CODE } });
}
