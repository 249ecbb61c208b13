/**
 * What a one-line text may not hold, without the schema builder (text.ts): the web app's start
 * needs these for its field errors, and importing zod's schemas for them would add them to
 * every first load.
 */
/** C0 and C1 control characters, DEL, and the Unicode line and paragraph separators. */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

export const SINGLE_LINE_MESSAGE = 'Teksten kan ikke ha linjeskift, tabulator eller andre kontrolltegn.';
/** The field error code of a control character in a one-line text. */
export const SINGLE_LINE_CODE = 'single-line';

export function isSingleLine(text: string): boolean {
  return !CONTROL_CHARACTERS.test(text);
}
