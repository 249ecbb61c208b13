import type { CaseSummary } from '@tun/shared/maintenance';

/** Newest first; the number breaks a tie (two cases in the same millisecond). */
export function newestFirst<T extends Pick<CaseSummary, 'createdAt' | 'number'>>(cases: readonly T[]): T[] {
  return [...cases].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.number - a.number);
}

/** Room names by id; a case whose room was deleted shows none. */
export function roomNames(rooms: readonly { id: string; name: string }[] | undefined): Map<string, string> {
  return new Map((rooms ?? []).map((room) => [room.id, room.name]));
}
