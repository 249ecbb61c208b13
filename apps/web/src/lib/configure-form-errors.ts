/**
 * zod's messages for the shared schemas, checked in the browser, in the active language: set as
 * zod loads (lib/zod.ts), on the first page that checks input.
 */
import { configureFieldErrors } from '@tun/shared/configure-field-errors';
import { fieldErrorText } from '@tun/shared/field-errors';
import { translateFieldError } from './form-errors';

export function configureFormErrors(): void {
  configureFieldErrors((error) => translateFieldError(error) ?? fieldErrorText(error));
}
