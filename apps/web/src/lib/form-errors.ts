/**
 * Helpers for showing the server's field errors in a form (problem+json `errors[].path`, such
 * as 'body.name.first' or 'body/members/0') and for taking the user to the first field to fix.
 */

/** The field path a server error is about, without the request part: 'body.name.first' → ['name', 'first']. */
export function fieldPath(serverPath: string): string[] {
  return serverPath.split(/[./]/).filter((part) => part && part !== 'body');
}

/** After a failed check, take keyboard and screen-reader users to the first field to fix. */
export function focusFirstInvalid(form: HTMLFormElement | null | undefined): void {
  requestAnimationFrame(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}
