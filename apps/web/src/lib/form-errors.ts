/**
 * Helpers for showing the server's field errors in a form (problem+json `errors[]`, with a path
 * such as 'body.name.first' or 'body/members/0', a stable code and a Norwegian message), for
 * taking the user to the first field to fix. zod's checks get their texts from
 * ./configure-form-errors.
 */
import i18next from 'i18next';
import {
  fieldErrorKeys,
  fieldErrorText,
  fieldErrorValues,
  type FieldError,
  type FieldErrorParams,
} from '@tun/shared/field-errors';

/** The field path a server error is about, without the request part: 'body.name.first' → ['name', 'first']. */
export function fieldPath(serverPath: string): string[] {
  return serverPath.split(/[./]/).filter((part) => part && part !== 'body');
}

/** After a failed check, take keyboard and screen-reader users to the first field to fix. */
export function focusFirstInvalid(form: HTMLFormElement | null | undefined): void {
  requestAnimationFrame(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}

/** The catalog text for a field error's code in the active language; undefined for a code the catalog lacks. */
export function translateFieldError(error: FieldErrorParams, t = i18next.t): string | undefined {
  const key = fieldErrorKeys(error)
    .map((candidate) => `fieldErrors.${candidate}`)
    .find((candidate) => i18next.exists(candidate));
  // The key is built at run time, so the typed overloads cannot know its placeholders.
  const translate = t as (key: string, values: Record<string, string>) => string;
  return key === undefined ? undefined : translate(key, fieldErrorValues(error));
}

/**
 * What to show for a server field error. A message that is just its code's generic text is
 * shown in the active language; one that says more (a schema's or a service's own words, such
 * as «Linjen finnes ikke.») and a code the catalog does not know keep the server's Norwegian.
 */
export function fieldErrorMessage(error: FieldError, t = i18next.t): string {
  const { code } = error;
  if (code === undefined || error.message !== fieldErrorText({ ...error, code })) return error.message;
  return translateFieldError({ ...error, code }, t) ?? error.message;
}
