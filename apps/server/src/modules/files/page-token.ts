/**
 * The listing's `pageToken`: where the previous page ended, opaque to the client (base64url of
 * JSON). It is bound to the listing it came from (folder or search, sort, order): a token used
 * with another listing would start at a place that means nothing there, so it is refused.
 *
 * It carries the last row's sort values, so the next page needs no lookup and survives that row
 * being deleted meanwhile. A name can be long enough (255 characters that take 3 or 4 bytes each)
 * to take the token past the 500 characters the query allows; then it carries the row's id only,
 * and the values are read again.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { FileSortKey } from '@tun/shared';
import type { SortValue } from './files.repository';

const TOKEN_MAX = 500;

export interface Listing {
  folderId: string | null;
  search: string | undefined;
  sort: FileSortKey;
  order: 'asc' | 'desc';
}

const tokenSchema = z.union([
  z.object({
    b: z.string(),
    v: z
      .array(z.union([z.string(), z.number()]))
      .min(1)
      .max(3),
  }),
  z.object({ b: z.string(), i: z.string().min(1).max(200) }),
]);

export type PagePosition = { values: SortValue[] } | { id: string };

function binding(listing: Listing): string {
  const text = JSON.stringify([listing.folderId, listing.search ?? null, listing.sort, listing.order]);
  return createHash('sha256').update(text).digest('base64url').slice(0, 12);
}

export function encodePageToken(listing: Listing, values: SortValue[], id: string): string {
  const b = binding(listing);
  const full = Buffer.from(JSON.stringify({ b, v: values })).toString('base64url');
  if (full.length <= TOKEN_MAX) return full;
  return Buffer.from(JSON.stringify({ b, i: id })).toString('base64url');
}

/** Where to go on from, or undefined when the token is not one of this listing's. */
export function decodePageToken(listing: Listing, token: string): PagePosition | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  const result = tokenSchema.safeParse(parsed);
  if (!result.success || result.data.b !== binding(listing)) return undefined;
  return 'v' in result.data ? { values: result.data.v } : { id: result.data.i };
}
