import { POST_FEED_FILTERS } from '@tun/shared/posts';
import { describe, expect, it } from 'vitest';
import { POSTS_FILTERS, postsSearch } from '../../../app/search-params';

describe('/app/posts search params', () => {
  it('knows the same filters as the API', () => {
    expect([...POSTS_FILTERS]).toEqual([...POST_FEED_FILTERS]);
  });

  it('keeps a valid filter, search and post, and drops what is not', () => {
    expect(postsSearch({ filter: 'unread', q: 'tur', post: 'p1' })).toEqual({
      filter: 'unread',
      q: 'tur',
      post: 'p1',
    });
    expect(postsSearch({ filter: 'everything', q: '', post: 'x'.repeat(201) })).toEqual({});
    expect(postsSearch({ q: 'x'.repeat(101) })).toEqual({});
  });
});
