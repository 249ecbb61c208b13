/**
 * Posts remember who wrote them and who has read them. The posts are the school's: they stay
 * when their author leaves or is erased, and an erased author is forgotten («Slettet bruker»).
 * Read marks are the reader's own and go with erasure. Writing a post is not a record the school
 * must keep (decision 021), so it is no history that stops a plain delete, which forgets the
 * author the same way (the foreign key sets it null). Leaving ends nothing here: someone who has
 * left signs in no more and is no longer in any post's audience.
 */
import type { PersonalData } from '../privacy/personal-data';
import { deleteReadMarksOf, forgetAuthor, postsWrittenBy, readMarksOf } from './posts.repository';

export const postsPersonalData: PersonalData = {
  name: 'posts',
  columns: { post: ['author_id'], post_read: ['person_id'] },
  export: async (db, schoolId, person) => {
    const [posts, reads] = await Promise.all([
      postsWrittenBy(db, schoolId, person.id),
      readMarksOf(db, schoolId, person.id),
    ]);
    return {
      postsWritten: posts.map((post) => ({
        id: post.id,
        title: post.title,
        audience: post.audience_kind,
        publishAt: post.publish_at,
        expiresAt: post.expires_at,
        createdAt: post.created_at,
        updatedAt: post.updated_at,
      })),
      postsRead: reads.map((read) => ({
        postId: read.id,
        title: read.title,
        readAt: read.read_at,
        confirmedAt: read.confirmed_at,
      })),
    };
  },
  hasHistory: async () => false,
  erase: async (trx, schoolId, person, publish) => {
    const written = await forgetAuthor(trx, schoolId, person.id);
    const read = await deleteReadMarksOf(trx, schoolId, person.id);
    // No ids: a post's id would tell who may not see it that it exists.
    if (written.length > 0 || read) publish('posts', []);
  },
};
