export interface NamedThing {
  id: string;
  name: string;
}

/** Names of lines, electives and groups attending, in the order given; unknown ids get `unknown`. */
export function attendeeNames(
  ids: readonly string[],
  sources: readonly (readonly NamedThing[] | undefined)[],
  unknown: string,
): string[] {
  const byId = new Map<string, string>();
  for (const list of sources) for (const item of list ?? []) byId.set(item.id, item.name);
  return ids.map((id) => byId.get(id) ?? unknown);
}
