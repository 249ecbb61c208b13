/**
 * Text fields that are one line: names of people, rooms, lines, schools, events. They end up in
 * headers and line-based formats (iCal, CSV, e-mail subjects), where a line break starts a new
 * field; so they hold no control characters at all. The writers escape as well
 * (docs/decisions/015-input-bounds-and-writers.md).
 */
import { z } from 'zod';
import { isSingleLine, SINGLE_LINE_CODE, SINGLE_LINE_MESSAGE } from './single-line';

export { isSingleLine, SINGLE_LINE_CODE, SINGLE_LINE_MESSAGE };

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
