/**
 * zod's messages for the shared schemas, checked in the browser, in the active language. A module
 * of its own, loaded with the first page beyond the start (lib/i18n.ts, loadAppCatalog): it
 * brings zod's core, which /login and the status pages never use.
 */
import { configureFieldErrors } from '@tun/shared/configure-field-errors';
import { fieldErrorText } from '@tun/shared/field-errors';
import { translateFieldError } from './form-errors';

export function configureFormErrors(): void {
  configureFieldErrors((error) => translateFieldError(error) ?? fieldErrorText(error));
}
