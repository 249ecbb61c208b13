import { isApiError } from './api-client';
import { fieldErrorMessage, fieldPath, focusFirstInvalid } from './form-errors';

/**
 * After a save refused with 400 `validation-failed`: puts each of the server's field errors on
 * the form's field (in the active language, by its code) and takes the user to the first.
 * `fieldOf` names the form's field for a server path, or nothing for one the form lacks.
 * Answers whether any error was placed; a refusal that belongs to no field is the caller's to say.
 */
export function placeFieldErrors<Field extends string>(
  error: unknown,
  form: { setFieldError: (field: Field, message: string) => void },
  fieldOf: (path: readonly string[]) => Field | null | undefined,
  formElement: HTMLFormElement | null | undefined,
): boolean {
  if (!isApiError(error, 'validation-failed')) return false;
  let placed = false;
  for (const fieldError of error.problem.errors ?? []) {
    const field = fieldOf(fieldPath(fieldError.path));
    if (!field) continue;
    form.setFieldError(field, fieldErrorMessage(fieldError));
    placed = true;
  }
  if (placed) focusFirstInvalid(formElement);
  return placed;
}
