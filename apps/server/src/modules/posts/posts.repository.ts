/**
 * Queries of posts, their audiences, attachments and read marks
 * (docs/decisions/021-posts-and-notifications.md). Every query is scoped by school.
 *
 * Who a post reaches is decided here, in SQL, so that a post a person may not see never leaves
 * the database: the feed filters by it, and the read counts and notifications resolve it. It
 * reads the membership tables of lines, electives and groups and the people's roles; those
 * joins are about posts and so stay in this repository (docs/decisions/018-server-layers.md).
 */
import { sql, type ExpressionBuilder, type Selectable } from 'kysely';
import { ROLES, type PostAudienceRole } from '@tun/shared';
import type { Queryable } from '../../db/database';
import type { DB, PostTable } from '../../db/schema';

export type PostAudienceKind = PostTable['audience_kind'];
export type TargetKind = 'line' | 'elective' | 'group' | 'role';

export interface PostRow extends Selectable<PostTable> {
  /** The author's name parts; null once the author is erased. */
  author: { first_name: string; middle_name: string | null; last_name: string } | null;
  /** The asking person's read mark. */
  read_at: string | null;
  confirmed_at: string | null;
}

/**
 * Who is reading, as the feed's filter needs it: worked out once per request, so that the feed
 * is one query whatever the number of posts.
 */
export interface Viewer {
  personId: string;
  /** Admins and developers see every post of the school, to moderate. */
  moderator: boolean;
  /** An info screen sees whole-school posts marked for info screens, nothing else. */
  screen: boolean;
  /** Admins, teachers, janitors and kitchen staff: they see posts to «staff». */
  staff: boolean;
  /** The audience roles the person has ('student' for no role). */
  roles: readonly PostAudienceRole[];
  lineIds: readonly string[];
  electiveIds: readonly string[];
  groupIds: readonly string[];
}

/** A post's `selected` targets, by kind. */
export interface AudienceTargets {
  lineIds: string[];
  electiveIds: string[];
  groupIds: string[];
  roles: PostAudienceRole[];
}

/** The roles that make a person staff; a developer counts as an admin (decision 004). */
const STAFF_ROLES = ['admin', 'developer', 'teacher', 'janitor', 'kitchen'];

// ── Who reads ───────────────────────────────────────────────────────────────────────────────

/**
 * The lines (as member or as staff), electives and groups a person is in: one query. Line staff
 * count, so a line's teachers see the posts to their line.
 */
export async function targetsOfPerson(db: Queryable, schoolId: string, personId: string) {
  const rows = await db
    .selectFrom('line_member')
    .select(['line_id as id', sql<TargetKind>`'line'`.as('kind')])
    .where('school_id', '=', schoolId)
    .where('person_id', '=', personId)
    .unionAll(
      db
        .selectFrom('line_staff')
        .select(['line_id as id', sql<TargetKind>`'line'`.as('kind')])
        .where('school_id', '=', schoolId)
        .where('person_id', '=', personId),
    )
    .unionAll(
      db
        .selectFrom('elective_member')
        .select(['elective_id as id', sql<TargetKind>`'elective'`.as('kind')])
        .where('school_id', '=', schoolId)
        .where('person_id', '=', personId),
    )
    .unionAll(
      db
        .selectFrom('temp_group_member')
        .select(['group_id as id', sql<TargetKind>`'group'`.as('kind')])
        .where('school_id', '=', schoolId)
        .where('person_id', '=', personId),
    )
    .execute();
  const of = (kind: TargetKind) => [...new Set(rows.filter((row) => row.kind === kind).map((row) => row.id))];
  return { lineIds: of('line'), electiveIds: of('elective'), groupIds: of('group') };
}

/**
 * The posts a viewer may see: their own, always; every post, for a moderator; otherwise those
 * published, not expired and addressed to them.
 */
function visibleTo(eb: ExpressionBuilder<DB, 'post'>, viewer: Viewer, now: string) {
  const live = eb.and([
    eb('post.publish_at', '<=', now),
    eb.or([eb('post.expires_at', 'is', null), eb('post.expires_at', '>', now)]),
  ]);
  let reach;
  if (viewer.screen) {
    reach = eb.and([eb('post.audience_kind', '=', 'school'), eb('post.show_on_info_screen', '=', 1)]);
  } else {
    const kinds = [eb('post.audience_kind', '=', 'school')];
    if (viewer.staff) kinds.push(eb('post.audience_kind', '=', 'staff'));
    const all: [TargetKind, readonly string[]][] = [
      ['line', viewer.lineIds],
      ['elective', viewer.electiveIds],
      ['group', viewer.groupIds],
      ['role', viewer.roles],
    ];
    const targets = all.filter(([, ids]) => ids.length > 0);
    if (targets.length > 0) {
      kinds.push(
        eb.and([
          eb('post.audience_kind', '=', 'selected'),
          eb.exists(
            eb
              .selectFrom('post_audience')
              .select('post_audience.post_id')
              .whereRef('post_audience.post_id', '=', 'post.id')
              .where((inner) =>
                inner.or(
                  targets.map(([kind, ids]) =>
                    inner.and([
                      inner('post_audience.kind', '=', kind),
                      inner('post_audience.target_id', 'in', ids),
                    ]),
                  ),
                ),
              ),
          ),
        ]),
      );
    }
    reach = eb.or(kinds);
  }
  const addressed = eb.and([live, reach]);
  return eb.or([eb('post.author_id', '=', viewer.personId), addressed]);
}

function selectPosts(db: Queryable, schoolId: string, viewer: Viewer, now: string) {
  let query = db
    .selectFrom('post')
    .leftJoin('person', 'person.id', 'post.author_id')
    .leftJoin('post_read as my_read', (join) =>
      join.onRef('my_read.post_id', '=', 'post.id').on('my_read.person_id', '=', viewer.personId),
    )
    .selectAll('post')
    .select([
      'person.first_name',
      'person.middle_name',
      'person.last_name',
      'my_read.read_at',
      'my_read.confirmed_at',
    ])
    .where('post.school_id', '=', schoolId);
  if (!viewer.moderator) query = query.where((eb) => visibleTo(eb, viewer, now));
  return query;
}

type SelectedPost = Awaited<ReturnType<ReturnType<typeof selectPosts>['execute']>>[number];

function toPostRow(row: SelectedPost): PostRow {
  const { first_name, middle_name, last_name, read_at, confirmed_at, ...post } = row;
  return {
    ...post,
    pinned: Number(post.pinned),
    show_on_info_screen: Number(post.show_on_info_screen),
    require_read_confirmation: Number(post.require_read_confirmation),
    author:
      post.author_id !== null && first_name !== null && last_name !== null
        ? { first_name, middle_name, last_name }
        : null,
    read_at,
    confirmed_at,
  };
}

/** Where a feed page ended: the last post's place in the order. */
export interface FeedPosition {
  pinned: number;
  publishAt: string;
  id: string;
}

export interface FeedPageQuery {
  now: string;
  /** Only unread ones, only mine, or only one audience kind. */
  filter: 'all' | 'unread' | 'mine' | PostAudienceKind;
  /** Lower case, whitespace collapsed, as search_text is. */
  search?: string;
  after?: FeedPosition;
  limit: number;
}

/** `like` text for a literal: its wildcards and the escape character escaped. */
function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/**
 * A page of the feed: pinned first, then the newest publish time, then the id, so a page ends at
 * an exact place and the next starts right after it (post_feed_idx, read backwards).
 */
export async function listFeedPage(
  db: Queryable,
  schoolId: string,
  viewer: Viewer,
  page: FeedPageQuery,
): Promise<PostRow[]> {
  let query = selectPosts(db, schoolId, viewer, page.now);
  if (page.filter === 'unread') query = query.where('my_read.post_id', 'is', null);
  else if (page.filter === 'mine') query = query.where('post.author_id', '=', viewer.personId);
  else if (page.filter !== 'all') query = query.where('post.audience_kind', '=', page.filter);
  if (page.search) {
    const pattern = `%${likeLiteral(page.search)}%`;
    query = query.where(sql<boolean>`post.search_text like ${pattern} escape '\\'`);
  }
  const after = page.after;
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb('post.pinned', '<', after.pinned),
        eb.and([eb('post.pinned', '=', after.pinned), eb('post.publish_at', '<', after.publishAt)]),
        eb.and([
          eb('post.pinned', '=', after.pinned),
          eb('post.publish_at', '=', after.publishAt),
          eb('post.id', '<', after.id),
        ]),
      ]),
    );
  }
  const rows = await query
    .orderBy('post.pinned', 'desc')
    .orderBy('post.publish_at', 'desc')
    .orderBy('post.id', 'desc')
    .limit(page.limit)
    .execute();
  return rows.map(toPostRow);
}

/** One post, if the viewer may see it. */
export async function findVisiblePost(
  db: Queryable,
  schoolId: string,
  viewer: Viewer,
  id: string,
  now: string,
): Promise<PostRow | undefined> {
  const row = await selectPosts(db, schoolId, viewer, now).where('post.id', '=', id).executeTakeFirst();
  return row && toPostRow(row);
}

/**
 * What info screens show (docs/decisions/024-info-screens.md): published, not expired, to the
 * whole school and marked for info screens; the newest first. No author and no read marks: a
 * screen names no one.
 */
export async function listInfoScreenPosts(db: Queryable, schoolId: string, now: string, limit: number) {
  return db
    .selectFrom('post')
    .select(['id', 'title', 'body', 'publish_at'])
    .where('school_id', '=', schoolId)
    .where('audience_kind', '=', 'school')
    .where('show_on_info_screen', '=', 1)
    .where('publish_at', '<=', now)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .orderBy('publish_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** A post by id alone, for the job that notifies its audience (the job knows no viewer). */
export async function findPostForJob(db: Queryable, id: string) {
  const row = await db
    .selectFrom('post')
    .leftJoin('person', 'person.id', 'post.author_id')
    .select([
      'post.id',
      'post.school_id',
      'post.author_id',
      'post.title',
      'post.body',
      'post.audience_kind',
      'post.publish_at',
      'post.expires_at',
      'post.notified_at',
      'person.first_name',
      'person.middle_name',
      'person.last_name',
    ])
    .where('post.id', '=', id)
    .executeTakeFirst();
  return row;
}

// ── What a post shows ───────────────────────────────────────────────────────────────────────

/**
 * The audience targets of these posts, with the names of their lines, electives and groups. A
 * target whose line, elective or group has been deleted comes with a null name.
 */
export async function audienceOf(db: Queryable, schoolId: string, postIds: readonly string[]) {
  if (postIds.length === 0) return [];
  return db
    .selectFrom('post_audience')
    .leftJoin('line', (join) =>
      join
        .onRef('line.id', '=', 'post_audience.target_id')
        .on('post_audience.kind', '=', 'line')
        .on('line.school_id', '=', schoolId),
    )
    .leftJoin('elective', (join) =>
      join
        .onRef('elective.id', '=', 'post_audience.target_id')
        .on('post_audience.kind', '=', 'elective')
        .on('elective.school_id', '=', schoolId),
    )
    .leftJoin('temp_group', (join) =>
      join
        .onRef('temp_group.id', '=', 'post_audience.target_id')
        .on('post_audience.kind', '=', 'group')
        .on('temp_group.school_id', '=', schoolId),
    )
    .select([
      'post_audience.post_id',
      'post_audience.kind',
      'post_audience.target_id',
      'line.name as line_name',
      'elective.name as elective_name',
      'temp_group.name as group_name',
    ])
    .where('post_audience.post_id', 'in', [...postIds])
    .execute();
}

/** The attachments of these posts, in their order, with what the archive says of each file. */
export async function attachmentsOf(db: Queryable, schoolId: string, postIds: readonly string[]) {
  if (postIds.length === 0) return [];
  // A cross join keeps SQLite's join order (it has no statistics to choose by): from the few
  // attachments to their files, not from every file of the school to its attachments.
  const rows = await db
    .selectFrom('post_attachment')
    .crossJoin('file')
    .whereRef('file.id', '=', 'post_attachment.file_id')
    .select(['post_attachment.post_id', 'file.id', 'file.name', 'file.size', 'file.content_type'])
    .where('post_attachment.post_id', 'in', [...postIds])
    .where('file.school_id', '=', schoolId)
    .orderBy('post_attachment.post_id')
    .orderBy('post_attachment.position')
    .execute();
  return rows.map((row) => ({ ...row, size: Number(row.size) }));
}

// ── Who a post reaches ──────────────────────────────────────────────────────────────────────

/** What the audience of one post is made of. */
export interface AudienceOfPost {
  kind: PostAudienceKind;
  authorId: string | null;
  targets: AudienceTargets;
}

/**
 * The people a post reaches now: current people of the school (not left, not erased), no info
 * screens, not its author, and within its audience. Undefined when it reaches nobody (a
 * `selected` post whose targets are all gone), so the caller need not ask.
 */
function audiencePeople(db: Queryable, schoolId: string, audience: AudienceOfPost) {
  let query = db
    .selectFrom('person')
    .where('person.school_id', '=', schoolId)
    .where('person.left_on', 'is', null)
    .where('person.erased_at', 'is', null)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('person_role')
            .select('person_role.person_id')
            .whereRef('person_role.person_id', '=', 'person.id')
            .where('person_role.role', '=', 'tv'),
        ),
      ),
    );
  if (audience.authorId !== null) query = query.where('person.id', '!=', audience.authorId);
  if (audience.kind === 'school') return query;

  const hasRole = (eb: ExpressionBuilder<DB, 'person'>, roles: readonly string[]) =>
    eb.exists(
      eb
        .selectFrom('person_role')
        .select('person_role.person_id')
        .whereRef('person_role.person_id', '=', 'person.id')
        .where('person_role.role', 'in', [...roles]),
    );
  if (audience.kind === 'staff') return query.where((eb) => hasRole(eb, STAFF_ROLES));

  const { lineIds, electiveIds, groupIds, roles } = audience.targets;
  const named = roles
    .filter((role) => role !== 'student')
    .flatMap((role) => (role === 'admin' ? ['admin', 'developer'] : [role]));
  const students = roles.includes('student');
  if (lineIds.length + electiveIds.length + groupIds.length + named.length === 0 && !students)
    return undefined;
  return query.where((eb) => {
    const either = [];
    if (lineIds.length > 0) {
      either.push(
        eb.exists(
          eb
            .selectFrom('line_member')
            .select('line_member.person_id')
            .whereRef('line_member.person_id', '=', 'person.id')
            .where('line_member.school_id', '=', schoolId)
            .where('line_member.line_id', 'in', lineIds),
        ),
        eb.exists(
          eb
            .selectFrom('line_staff')
            .select('line_staff.person_id')
            .whereRef('line_staff.person_id', '=', 'person.id')
            .where('line_staff.school_id', '=', schoolId)
            .where('line_staff.line_id', 'in', lineIds),
        ),
      );
    }
    if (electiveIds.length > 0) {
      either.push(
        eb.exists(
          eb
            .selectFrom('elective_member')
            .select('elective_member.person_id')
            .whereRef('elective_member.person_id', '=', 'person.id')
            .where('elective_member.school_id', '=', schoolId)
            .where('elective_member.elective_id', 'in', electiveIds),
        ),
      );
    }
    if (groupIds.length > 0) {
      either.push(
        eb.exists(
          eb
            .selectFrom('temp_group_member')
            .select('temp_group_member.person_id')
            .whereRef('temp_group_member.person_id', '=', 'person.id')
            .where('temp_group_member.school_id', '=', schoolId)
            .where('temp_group_member.group_id', 'in', groupIds),
        ),
      );
    }
    if (named.length > 0) either.push(hasRole(eb, named));
    // A student is a person with no (known) role (SPEC §3).
    if (students) either.push(eb.not(hasRole(eb, ROLES)));
    return eb.or(either);
  });
}

/** The ids of the people a post reaches now. */
export async function audiencePersonIds(
  db: Queryable,
  schoolId: string,
  audience: AudienceOfPost,
): Promise<string[]> {
  const query = audiencePeople(db, schoolId, audience);
  if (!query) return [];
  const rows = await query.select('person.id').execute();
  return rows.map((row) => row.id);
}

/**
 * The people a post reaches, with their names and read marks: who has read it and who has not.
 */
export async function audienceWithReads(
  db: Queryable,
  schoolId: string,
  postId: string,
  audience: AudienceOfPost,
) {
  const query = audiencePeople(db, schoolId, audience);
  if (!query) return [];
  return query
    .leftJoin('post_read', (join) =>
      join.onRef('post_read.person_id', '=', 'person.id').on('post_read.post_id', '=', postId),
    )
    .select([
      'person.id',
      'person.first_name',
      'person.middle_name',
      'person.last_name',
      'post_read.read_at',
      'post_read.confirmed_at',
    ])
    .execute();
}

/** How many a post reaches, and how many of them have read it (or confirmed, when `confirmed`). */
export async function readCount(
  db: Queryable,
  schoolId: string,
  postId: string,
  audience: AudienceOfPost,
  confirmed: boolean,
): Promise<{ read: number; total: number }> {
  const query = audiencePeople(db, schoolId, audience);
  if (!query) return { read: 0, total: 0 };
  const row = await query
    .leftJoin('post_read', (join) =>
      join.onRef('post_read.person_id', '=', 'person.id').on('post_read.post_id', '=', postId),
    )
    .select((eb) => [
      eb.fn.countAll<number | string | bigint>().as('total'),
      eb.fn
        .count<number | string | bigint>(confirmed ? 'post_read.confirmed_at' : 'post_read.read_at')
        .as('read'),
    ])
    .executeTakeFirst();
  return { read: Number(row?.read ?? 0), total: Number(row?.total ?? 0) };
}

// ── Writing ─────────────────────────────────────────────────────────────────────────────────

export type PostValues = Omit<PostTable, 'id' | 'school_id' | 'notified_at' | 'created_at'>;

export async function insertPost(
  trx: Queryable,
  row: PostValues & Pick<PostTable, 'id' | 'school_id' | 'created_at'>,
): Promise<void> {
  await trx
    .insertInto('post')
    .values({ ...row, notified_at: null })
    .execute();
}

export async function updatePost(
  trx: Queryable,
  schoolId: string,
  id: string,
  values: Omit<PostValues, 'author_id'>,
): Promise<void> {
  await trx.updateTable('post').set(values).where('school_id', '=', schoolId).where('id', '=', id).execute();
}

/** Replaces a post's `selected` targets (none for `school` and `staff`). */
export async function replaceAudience(
  trx: Queryable,
  postId: string,
  targets: readonly { kind: TargetKind; target_id: string }[],
): Promise<void> {
  await trx.deleteFrom('post_audience').where('post_id', '=', postId).execute();
  if (targets.length === 0) return;
  await trx
    .insertInto('post_audience')
    .values(targets.map((target) => ({ post_id: postId, ...target })))
    .execute();
}

/** Replaces a post's attachments, in the order given. */
export async function replaceAttachments(trx: Queryable, postId: string, fileIds: readonly string[]) {
  await trx.deleteFrom('post_attachment').where('post_id', '=', postId).execute();
  if (fileIds.length === 0) return;
  await trx
    .insertInto('post_attachment')
    .values(fileIds.map((fileId, position) => ({ post_id: postId, file_id: fileId, position })))
    .execute();
}

/** Deletes a post; its audience, attachments and read marks go with it (foreign keys). */
export async function deletePostRow(trx: Queryable, schoolId: string, id: string): Promise<void> {
  await trx.deleteFrom('post').where('school_id', '=', schoolId).where('id', '=', id).execute();
}

/**
 * Marks a post read by a person; the first time is kept. With `confirm`, also confirmed (the
 * first confirmation is kept). Answers whether anything changed.
 */
export async function markRead(
  trx: Queryable,
  postId: string,
  personId: string,
  now: string,
  confirm: boolean,
): Promise<boolean> {
  const inserted = await trx
    .insertInto('post_read')
    .values({ post_id: postId, person_id: personId, read_at: now, confirmed_at: confirm ? now : null })
    .onConflict((conflict) => conflict.columns(['post_id', 'person_id']).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) return true;
  if (!confirm) return false;
  const updated = await trx
    .updateTable('post_read')
    .set({ confirmed_at: now })
    .where('post_id', '=', postId)
    .where('person_id', '=', personId)
    .where('confirmed_at', 'is', null)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}

/**
 * Marks a post's audience as notified, if nobody has yet: answers whether this call did it. Two
 * instances running the same job cannot both notify (PostgreSQL re-checks the row after the
 * other's commit; SQLite writes one transaction at a time).
 */
export async function claimNotification(trx: Queryable, postId: string, now: string): Promise<boolean> {
  const result = await trx
    .updateTable('post')
    .set({ notified_at: now })
    .where('id', '=', postId)
    .where('notified_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

// ── A person's data ─────────────────────────────────────────────────────────────────────────

export async function postsWrittenBy(db: Queryable, schoolId: string, personId: string) {
  return db
    .selectFrom('post')
    .select(['id', 'title', 'audience_kind', 'publish_at', 'expires_at', 'created_at', 'updated_at'])
    .where('school_id', '=', schoolId)
    .where('author_id', '=', personId)
    .orderBy('publish_at')
    .execute();
}

export async function readMarksOf(db: Queryable, schoolId: string, personId: string) {
  return db
    .selectFrom('post_read')
    .innerJoin('post', 'post.id', 'post_read.post_id')
    .select(['post.id', 'post.title', 'post_read.read_at', 'post_read.confirmed_at'])
    .where('post.school_id', '=', schoolId)
    .where('post_read.person_id', '=', personId)
    .orderBy('post_read.read_at')
    .execute();
}

/** The person's posts stay the school's; who wrote them is forgotten. Returns their ids. */
export async function forgetAuthor(trx: Queryable, schoolId: string, personId: string): Promise<string[]> {
  const rows = await trx
    .updateTable('post')
    .set({ author_id: null })
    .where('school_id', '=', schoolId)
    .where('author_id', '=', personId)
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

/** Deletes the person's read marks on the school's posts; whether there were any. */
export async function deleteReadMarksOf(
  trx: Queryable,
  schoolId: string,
  personId: string,
): Promise<boolean> {
  const result = await trx
    .deleteFrom('post_read')
    .where('person_id', '=', personId)
    .where('post_id', 'in', (eb) =>
      eb.selectFrom('post').select('post.id').where('post.school_id', '=', schoolId),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
