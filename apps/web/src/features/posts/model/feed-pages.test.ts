import type { Post, PostFeed } from '@tun/shared/posts';
import { describe, expect, it } from 'vitest';
import { feedPosts, markedRead, patchFeedPages } from './feed-pages';

const post = (id: string, changes: Partial<Post> = {}): Post => ({
  id,
  title: `Innlegg ${id}`,
  body: '',
  author: null,
  audience: { kind: 'school' },
  publishAt: '2026-11-20T07:00:00.000Z',
  expiresAt: null,
  status: 'published',
  pinned: false,
  showOnInfoScreen: false,
  requireReadConfirmation: false,
  attachments: [],
  createdAt: '2026-11-20T07:00:00.000Z',
  updatedAt: '2026-11-20T07:00:00.000Z',
  readAt: null,
  confirmedAt: null,
  readCount: null,
  policies: { edit: false, delete: false, seeReads: false },
  ...changes,
});

const page = (ids: string[], nextCursor: string | null = null): PostFeed => ({
  posts: ids.map((id) => post(id)),
  nextCursor,
});

describe('feed pages', () => {
  it('joins the pages in order and drops a post that moved to a later page', () => {
    expect(feedPosts([page(['a', 'b'], 'c1'), page(['b', 'c'])]).map((p) => p.id)).toEqual(['a', 'b', 'c']);
    expect(feedPosts([])).toEqual([]);
  });

  it('changes one post in the page that holds it and leaves the others as they were', () => {
    const data = { pages: [page(['a', 'b'], 'c1'), page(['c'])], pageParams: [null, 'c1'] };
    const patched = patchFeedPages(data, 'c', (p) => ({ ...p, title: 'Ny' }));
    expect(patched.pages[0]).toBe(data.pages[0]);
    expect(patched.pages[1]?.posts[0]?.title).toBe('Ny');
    expect(patched.pageParams).toBe(data.pageParams);
    expect(patchFeedPages(data, 'x', (p) => p)).toBe(data);
  });

  it('marks a post opened, and confirmed only when asked, keeping earlier times', () => {
    const at = '2026-11-23T10:00:00.000Z';
    expect(markedRead(post('a'), at, false)).toMatchObject({ readAt: at, confirmedAt: null });
    expect(markedRead(post('a'), at, true)).toMatchObject({ readAt: at, confirmedAt: at });
    const earlier = '2026-11-22T10:00:00.000Z';
    expect(markedRead(post('a', { readAt: earlier }), at, true)).toMatchObject({
      readAt: earlier,
      confirmedAt: at,
    });
  });
});
