import type { Post, PostFeed } from '@tun/shared/posts';

/**
 * The posts of all loaded pages, in the server's order (pinned first, then newest). A post that
 * moved between two page loads (pinned or unpinned meanwhile) would come twice; the first stays.
 */
export function feedPosts(pages: readonly PostFeed[]): Post[] {
  const seen = new Set<string>();
  const posts: Post[] = [];
  for (const page of pages) {
    for (const post of page.posts) {
      if (seen.has(post.id)) continue;
      seen.add(post.id);
      posts.push(post);
    }
  }
  return posts;
}

/** The feed's pages with one post changed; the same object when it is not among them. */
export function patchFeedPages<T extends { pages: PostFeed[] }>(
  data: T,
  id: string,
  patch: (post: Post) => Post,
): T {
  let changed = false;
  const pages = data.pages.map((page) => {
    if (!page.posts.some((post) => post.id === id)) return page;
    changed = true;
    return { ...page, posts: page.posts.map((post) => (post.id === id ? patch(post) : post)) };
  });
  return changed ? { ...data, pages } : data;
}

/** What opening (and confirming) a post changes in my copy, until the server's answer comes. */
export function markedRead(post: Post, at: string, confirm: boolean): Post {
  return {
    ...post,
    readAt: post.readAt ?? at,
    confirmedAt: confirm ? (post.confirmedAt ?? at) : post.confirmedAt,
  };
}
