/** Name formatting, free of dependencies so that every page can use it cheaply. */
interface NameParts {
  first: string;
  middle?: string | null;
  last: string;
}

/**
 * Short full name (SPEC §3): first name, then the middle initial followed by a dot if
 * present, then last name. "Kari Anne Nordmann" → "Kari A. Nordmann".
 */
export function shortFullName(name: NameParts): string {
  const middle = name.middle?.trim();
  const initial = middle ? `${[...middle][0]?.toUpperCase()}.` : '';
  return [name.first.trim(), initial, name.last.trim()].filter(Boolean).join(' ');
}

/** Full name with every part. */
export function fullName(name: NameParts): string {
  return [name.first, name.middle, name.last]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
}

/** The name a meal is matched by: trimmed, white space collapsed, lower case. */
export function mealKeyOf(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLocaleLowerCase('nb');
}
