/**
 * zod's texts for field errors (./field-errors): apart from those, so what only shows a server's
 * field errors (the web's start) does not bring zod's core along.
 */
import { config } from 'zod/v4/core';
import { fieldErrorOf, fieldErrorText, type FieldErrorParams } from './field-errors';

/**
 * Makes zod give every issue without a text of its schema's own a text from `text` (Norwegian
 * unless the web passes its translation). Texts a schema gives itself are kept.
 */
export function configureFieldErrors(
  text: (error: FieldErrorParams) => string | undefined = fieldErrorText,
): void {
  config({ customError: (issue) => text(fieldErrorOf(issue, issue.input)) });
}
