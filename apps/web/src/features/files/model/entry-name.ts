/**
 * Checks a file or folder name in the browser with the same rule the server applies
 * (entryNameSchema in @tun/shared/files), so the form says what is wrong before a round trip.
 */
import { entryNameSchema } from '@tun/shared/files';
import { fieldErrorOf, type FieldErrorParams } from '@tun/shared/field-errors';

/** The refinement's own code: a slash, a backslash, "." or "..". */
export const ENTRY_NAME_INVALID = 'entry-name-invalid';

/** What is wrong with the name, as a field error code with its bounds; null when it is fine. */
export function entryNameError(name: string, max: number): FieldErrorParams | null {
  const result = entryNameSchema(max).safeParse(name);
  if (result.success) return null;
  const [issue] = result.error.issues;
  return issue ? fieldErrorOf(issue, name) : { code: 'invalid' };
}
