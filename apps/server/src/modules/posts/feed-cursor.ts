/**
 * The feed's `cursor`: where the previous page ended, opaque to the client (base64url of JSON).
 * It carries the last post's place in the order (pinned, publish time, id), so the next page
 * needs no lookup, survives that post being deleted meanwhile, and never repeats or skips a post
 * when new ones arrive (they come before it). It is bound to the filter and search it came from:
 * used with another, it would start at a place that means nothing there, so it is refused.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { ID_MAX_LENGTH } from '@tun/shared';
import type { FeedPosition } from './posts.repository';

/** Which listing a cursor belongs to. */
export interface FeedListing {
  filter: string;
  search: string | undefined;
}

const cursorSchema = z.object({
  b: z.string(),
  p: z.union([z.literal(0), z.literal(1)]),
  // An instant as the server stores it: ISO-8601 in UTC with milliseconds.
  t: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
  i: z.string().min(1).max(ID_MAX_LENGTH),
});

function binding(listing: FeedListing): string {
  const text = JSON.stringify([listing.filter, listing.search ?? null]);
  return createHash('sha256').update(text).digest('base64url').slice(0, 12);
}

export function encodeFeedCursor(listing: FeedListing, position: FeedPosition): string {
  const value = { b: binding(listing), p: position.pinned, t: position.publishAt, i: position.id };
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** Where to go on from, or undefined when the cursor is not one of this listing's. */
export function decodeFeedCursor(listing: FeedListing, cursor: string): FeedPosition | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  const result = cursorSchema.safeParse(parsed);
  if (!result.success || result.data.b !== binding(listing)) return undefined;
  return { pinned: result.data.p, publishAt: result.data.t, id: result.data.i };
}
