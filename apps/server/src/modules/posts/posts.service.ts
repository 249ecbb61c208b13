/**
 * Posts: the feed, one post, writing, editing and deleting, read marks, who has read, and the
 * job that notifies a post's audience when it is published
 * (docs/decisions/021-posts-and-notifications.md).
 *
 * Who sees a post is resolved when someone reads (posts.repository.ts `visibleTo`). A post the
 * asker may not see is not found, as one of another school is: its existence is not told. What
 * the asker may do with a post is checked after loading it, with the shared predicates
 * (`postPoliciesOf`), and sent with it.
 */
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import {
  audiencesOf,
  mayModeratePosts,
  postPoliciesOf,
  shortFullName,
  type Post,
  type PostAudienceRole,
  type PostAudienceView,
  type PostFeed,
  type PostFeedFilter,
  type PostReads,
  type PostStatus,
  type Principal,
  type Problem,
  type postFeedQuerySchema,
  type postInputSchema,
} from '@tun/shared';
import type { AppContext } from '../../context';
import { nowIso, type Queryable } from '../../db/database';
import { sortByName } from '../../db/rows';
import { write } from '../../db/write';
import { ProblemError } from '../../http/problem';
import { enqueueJob, type JobOutcome } from '../../jobs/job-queue';
import { recordAudit } from '../audit/audit.service';
import { unknownElectives } from '../electives/electives.service';
import { unknownFiles } from '../files/files.service';
import { unknownGroups } from '../groups/groups.service';
import { unknownLines } from '../lines/lines.service';
import { notifyPeople, removeNotificationsAbout } from '../notifications/notifications.service';
import { decodeFeedCursor, encodeFeedCursor, type FeedListing } from './feed-cursor';
import {
  attachmentsOf,
  audienceOf,
  audiencePersonIds,
  audienceWithReads,
  claimNotification,
  deletePostRow,
  findPostForJob,
  findVisiblePost,
  insertPost,
  listFeedPage,
  listInfoScreenPosts,
  markRead,
  readCount,
  replaceAttachments,
  replaceAudience,
  targetsOfPerson,
  updatePost,
  type AudienceOfPost,
  type AudienceTargets,
  type PostRow,
  type TargetKind,
  type Viewer,
} from './posts.repository';
import { excerptOf, plainTextOf, sanitizePostBody, searchKeyOf, searchTextOf } from './sanitize-post-body';

/** Who is asking: the person, their roles and the school they act in. */
export type Actor = Principal & { schoolId: string };

type Deps = Pick<AppContext, 'database' | 'live' | 'jobs'>;
type PostInput = z.output<typeof postInputSchema>;
type FeedQuery = z.output<typeof postFeedQuerySchema>;

/** A notification's text: the start of the post's body. */
const NOTIFICATION_EXCERPT_MAX = 200;

const STAFF_AUDIENCES = ['admin', 'developer', 'teacher', 'janitor', 'kitchen'];

// ── Who is reading ──────────────────────────────────────────────────────────────────────────

/** The asker as the feed's filter needs them: their memberships are read once, not per post. */
async function viewerOf(db: Queryable, actor: Actor): Promise<Viewer> {
  const audiences = audiencesOf(actor.roles);
  const moderator = mayModeratePosts(actor);
  const screen = !moderator && actor.roles.includes('tv');
  const roles = new Set<PostAudienceRole>();
  for (const audience of audiences) {
    if (audience === 'developer') roles.add('admin');
    else if (audience !== 'tv') roles.add(audience);
  }
  const base = {
    personId: actor.personId,
    moderator,
    screen,
    staff: audiences.some((audience) => STAFF_AUDIENCES.includes(audience)),
    roles: [...roles],
  };
  // Moderators see everything and screens only whole-school posts: neither needs memberships.
  if (moderator || screen) return { ...base, lineIds: [], electiveIds: [], groupIds: [] };
  return { ...base, ...(await targetsOfPerson(db, actor.schoolId, actor.personId)) };
}

// ── Presenting ──────────────────────────────────────────────────────────────────────────────

function statusOf(row: Pick<PostRow, 'publish_at' | 'expires_at'>, now: string): PostStatus {
  if (row.publish_at > now) return 'scheduled';
  if (row.expires_at !== null && row.expires_at <= now) return 'expired';
  return 'published';
}

type AudienceRow = Awaited<ReturnType<typeof audienceOf>>[number];

function targetsOf(rows: readonly AudienceRow[]): AudienceTargets {
  const of = (kind: TargetKind) => rows.filter((row) => row.kind === kind).map((row) => row.target_id);
  return {
    lineIds: of('line'),
    electiveIds: of('elective'),
    groupIds: of('group'),
    roles: of('role') as PostAudienceRole[],
  };
}

/** The audience as shown: lines, electives and groups by name; ones deleted since are left out. */
function audienceView(kind: PostRow['audience_kind'], rows: readonly AudienceRow[]): PostAudienceView {
  if (kind !== 'selected') return { kind };
  const named = (kind: TargetKind, name: (row: AudienceRow) => string | null) =>
    sortByName(
      rows.flatMap((row) => {
        const value = row.kind === kind ? name(row) : null;
        return value === null ? [] : [{ id: row.target_id, name: value }];
      }),
    );
  return {
    kind,
    lines: named('line', (row) => row.line_name),
    electives: named('elective', (row) => row.elective_name),
    groups: named('group', (row) => row.group_name),
    roles: targetsOf(rows).roles,
  };
}

function audienceOfPost(row: PostRow, audience: readonly AudienceRow[]): AudienceOfPost {
  return { kind: row.audience_kind, authorId: row.author_id, targets: targetsOf(audience) };
}

/** Posts as answered: with their audiences, attachments, the asker's read mark and policies. */
async function present(db: Queryable, actor: Actor, rows: readonly PostRow[], now: string): Promise<Post[]> {
  const ids = rows.map((row) => row.id);
  const [audiences, attachments] = await Promise.all([
    audienceOf(db, actor.schoolId, ids),
    attachmentsOf(db, actor.schoolId, ids),
  ]);
  return Promise.all(
    rows.map(async (row): Promise<Post> => {
      const audience = audiences.filter((item) => item.post_id === row.id);
      const policies = postPoliciesOf(actor, row.author_id);
      const counted = policies.seeReads
        ? await readCount(
            db,
            actor.schoolId,
            row.id,
            audienceOfPost(row, audience),
            row.require_read_confirmation === 1,
          )
        : null;
      return {
        id: row.id,
        title: row.title,
        body: row.body,
        author:
          row.author_id !== null && row.author
            ? {
                id: row.author_id,
                name: shortFullName({
                  first: row.author.first_name,
                  middle: row.author.middle_name,
                  last: row.author.last_name,
                }),
              }
            : null,
        audience: audienceView(row.audience_kind, audience),
        publishAt: row.publish_at,
        expiresAt: row.expires_at,
        status: statusOf(row, now),
        pinned: row.pinned === 1,
        showOnInfoScreen: row.show_on_info_screen === 1,
        requireReadConfirmation: row.require_read_confirmation === 1,
        attachments: attachments
          .filter((file) => file.post_id === row.id)
          .map((file) => ({ id: file.id, name: file.name, size: file.size, contentType: file.content_type })),
        createdAt: row.created_at,
        updatedAt: row.updated_at,
        readAt: row.read_at,
        confirmedAt: row.confirmed_at,
        readCount: counted,
        policies,
      };
    }),
  );
}

// ── Reading ─────────────────────────────────────────────────────────────────────────────────

function invalidCursor(): ProblemError {
  return new ProblemError('validation-failed', undefined, [
    {
      path: 'querystring.cursor',
      code: 'invalid',
      message: 'Sidemerket hører ikke til denne listen. Last innleggene på nytt.',
    },
  ]);
}

/** A page of the posts the asker may see, pinned first, then the newest. */
export async function listPosts(db: Queryable, actor: Actor, query: FeedQuery): Promise<PostFeed> {
  const search = query.q ? searchKeyOf(query.q) || undefined : undefined;
  const listing: FeedListing = { filter: query.filter, search };
  const after = query.cursor === undefined ? undefined : decodeFeedCursor(listing, query.cursor);
  if (query.cursor !== undefined && !after) throw invalidCursor();
  const now = nowIso();
  const viewer = await viewerOf(db, actor);
  const rows = await listFeedPage(db, actor.schoolId, viewer, {
    now,
    filter: query.filter satisfies PostFeedFilter,
    search,
    after,
    // One more than asked tells whether there is a next page.
    limit: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const nextCursor =
    rows.length > query.limit && last
      ? encodeFeedCursor(listing, { pinned: last.pinned, publishAt: last.publish_at, id: last.id })
      : null;
  return { posts: await present(db, actor, page, now), nextCursor };
}

/** The post if the asker may see it; else, whether it exists or not, 404 post-not-found. */
async function loadVisible(db: Queryable, actor: Actor, postId: string, now: string): Promise<PostRow> {
  const row = await findVisiblePost(db, actor.schoolId, await viewerOf(db, actor), postId, now);
  if (!row) throw new ProblemError('post-not-found');
  return row;
}

export async function getPost(db: Queryable, actor: Actor, postId: string): Promise<Post> {
  const now = nowIso();
  const row = await loadVisible(db, actor, postId, now);
  const [post] = await present(db, actor, [row], now);
  return post!;
}

/**
 * The posts an info screen shows: published, not expired, to the whole school and marked «Vis
 * på infoskjerm», the newest first, at most `limit`. Scheduled posts coming out and posts
 * expiring are announced on «posts» by their jobs, so a screen refetching then sees the change.
 */
export async function infoScreenPosts(
  db: Queryable,
  schoolId: string,
  limit: number,
): Promise<{ id: string; title: string; body: string; publishedAt: string }[]> {
  const rows = await listInfoScreenPosts(db, schoolId, nowIso(), limit);
  return rows.map((row) => ({ id: row.id, title: row.title, body: row.body, publishedAt: row.publish_at }));
}

// ── Writing ─────────────────────────────────────────────────────────────────────────────────

const unique = (ids: readonly string[]) => [...new Set(ids)];

/** The input as stored: ids without repeats, the body sanitized, instants in one UTC form. */
interface Prepared {
  title: string;
  body: string;
  searchText: string;
  kind: PostRow['audience_kind'];
  targets: { kind: TargetKind; target_id: string }[];
  expiresAt: string | null;
  attachmentIds: string[];
}

function targetRows(input: PostInput): Prepared['targets'] {
  if (input.audience.kind !== 'selected') return [];
  const { lineIds, electiveIds, groupIds, roles } = input.audience;
  return [
    ...unique(lineIds).map((id) => ({ kind: 'line' as const, target_id: id })),
    ...unique(electiveIds).map((id) => ({ kind: 'elective' as const, target_id: id })),
    ...unique(groupIds).map((id) => ({ kind: 'group' as const, target_id: id })),
    ...unique(roles).map((role) => ({ kind: 'role' as const, target_id: role })),
  ];
}

/**
 * Lines, electives and groups must be the school's, and so must the attached files. Every unknown
 * id is named, by field; nothing is written.
 */
async function checkReferences(db: Queryable, schoolId: string, input: PostInput): Promise<void> {
  if (input.audience.kind === 'selected') {
    const { lineIds, electiveIds, groupIds } = input.audience;
    const [lines, electives, groups] = await Promise.all([
      unknownLines(db, schoolId, unique(lineIds)),
      unknownElectives(db, schoolId, unique(electiveIds)),
      unknownGroups(db, schoolId, unique(groupIds)),
    ]);
    const errors: NonNullable<Problem['errors']> = [
      ...lines.map((id) => ({ path: 'body.audience.lineIds', message: `Linjen finnes ikke: ${id}` })),
      ...electives.map((id) => ({
        path: 'body.audience.electiveIds',
        message: `Valgfaget finnes ikke: ${id}`,
      })),
      ...groups.map((id) => ({ path: 'body.audience.groupIds', message: `Gruppen finnes ikke: ${id}` })),
    ];
    if (errors.length > 0) throw new ProblemError('post-target-unknown', undefined, errors);
  }
  const files = await unknownFiles(db, schoolId, unique(input.attachmentIds));
  if (files.length > 0) {
    throw new ProblemError(
      'post-attachment-unknown',
      undefined,
      files.map((id) => ({ path: 'body.attachmentIds', message: `Filen finnes ikke: ${id}` })),
    );
  }
}

const toIso = (instant: string) => new Date(instant).toISOString();

/** A post must expire after it is published (the schema checks this only when both are given). */
function checkExpiry(publishAt: string, expiresAt: string | null): void {
  if (expiresAt !== null && expiresAt <= publishAt) {
    throw new ProblemError('validation-failed', undefined, [
      {
        path: 'body.expiresAt',
        code: 'post-expires-before-publish',
        message: 'Utløpstiden må være etter publiseringstiden.',
      },
    ]);
  }
}

function prepare(input: PostInput): Prepared {
  const body = sanitizePostBody(input.body);
  return {
    title: input.title,
    body,
    searchText: searchTextOf(input.title, body),
    kind: input.audience.kind,
    targets: targetRows(input),
    expiresAt: input.expiresAt ? toIso(input.expiresAt) : null,
    attachmentIds: unique(input.attachmentIds),
  };
}

/** What the audit keeps of a post: what it said and to whom, not the whole body. */
function auditView(post: {
  title: string;
  kind: string;
  targets: readonly { kind: string; target_id: string }[];
  publishAt: string;
  expiresAt: string | null;
  pinned: boolean;
  showOnInfoScreen: boolean;
  requireReadConfirmation: boolean;
  attachmentIds: readonly string[];
}) {
  return {
    title: post.title,
    audience: post.kind,
    targets: post.targets.map((target) => `${target.kind}:${target.target_id}`),
    publishAt: post.publishAt,
    expiresAt: post.expiresAt,
    pinned: post.pinned,
    showOnInfoScreen: post.showOnInfoScreen,
    requireReadConfirmation: post.requireReadConfirmation,
    attachments: post.attachmentIds.length,
  };
}

/** The audit's view of a stored post. */
async function storedAuditView(db: Queryable, schoolId: string, row: PostRow) {
  const [audience, attachments] = await Promise.all([
    audienceOf(db, schoolId, [row.id]),
    attachmentsOf(db, schoolId, [row.id]),
  ]);
  return auditView({
    title: row.title,
    kind: row.audience_kind,
    targets: audience,
    publishAt: row.publish_at,
    expiresAt: row.expires_at,
    pinned: row.pinned === 1,
    showOnInfoScreen: row.show_on_info_screen === 1,
    requireReadConfirmation: row.require_read_confirmation === 1,
    attachmentIds: attachments.map((file) => file.id),
  });
}

/**
 * A new post. Published now when no publish time is given or it has passed; its audience is
 * notified by a job due at its publish time, queued in the same transaction.
 */
export async function createPost(deps: Deps, actor: Actor, input: PostInput): Promise<Post> {
  const { schoolId } = actor;
  const prepared = prepare(input);
  const now = nowIso();
  const publishAt = input.publishAt && toIso(input.publishAt) > now ? toIso(input.publishAt) : now;
  checkExpiry(publishAt, prepared.expiresAt);
  const id = randomUUID();
  const post = await write(deps, schoolId, async (trx, publish) => {
    await checkReferences(trx, schoolId, input);
    await insertPost(trx, {
      id,
      school_id: schoolId,
      author_id: actor.personId,
      title: prepared.title,
      body: prepared.body,
      search_text: prepared.searchText,
      audience_kind: prepared.kind,
      publish_at: publishAt,
      expires_at: prepared.expiresAt,
      pinned: input.pinned ? 1 : 0,
      show_on_info_screen: input.showOnInfoScreen ? 1 : 0,
      require_read_confirmation: input.requireReadConfirmation ? 1 : 0,
      created_at: now,
      updated_at: now,
    });
    await replaceAudience(trx, id, prepared.targets);
    await replaceAttachments(trx, id, prepared.attachmentIds);
    await enqueueJob(trx, { schoolId, kind: 'post.publish', payload: { postId: id }, runAt: publishAt });
    if (prepared.expiresAt !== null) {
      await enqueueJob(trx, {
        schoolId,
        kind: 'post.expire',
        payload: { postId: id },
        runAt: prepared.expiresAt,
      });
    }
    await recordAudit(trx, {
      schoolId,
      actorPersonId: actor.personId,
      action: 'publish',
      entity: 'post',
      entityId: id,
      after: auditView({ ...input, ...prepared, publishAt }),
    });
    // No id: it would tell those outside the audience that a post exists.
    publish('posts', []);
    return getPost(trx, actor, id);
  });
  if (publishAt === now) deps.jobs.kick();
  return post;
}

/** A post must be visible to the asker (404) and theirs to edit or delete (403). */
async function loadForChange(db: Queryable, actor: Actor, postId: string, now: string) {
  const row = await loadVisible(db, actor, postId, now);
  const policies = postPoliciesOf(actor, row.author_id);
  return { row, policies };
}

/**
 * Replaces a post's fields. A post already out keeps its place in the feed unless a future
 * publish time is given; a scheduled one without a future time is published now. A changed
 * publish time of a post whose audience has not been told queues a new job for it; the old one
 * then finds it not yet due, or told already. Editing never notifies again.
 */
export async function changePost(deps: Deps, actor: Actor, postId: string, input: PostInput): Promise<Post> {
  const { schoolId } = actor;
  const prepared = prepare(input);
  const result = await write(deps, schoolId, async (trx, publish) => {
    const now = nowIso();
    const { row, policies } = await loadForChange(trx, actor, postId, now);
    if (!policies.edit) throw new ProblemError('forbidden');
    const wanted = input.publishAt ? toIso(input.publishAt) : undefined;
    const publishAt = wanted && wanted > now ? wanted : row.publish_at <= now ? row.publish_at : now;
    checkExpiry(publishAt, prepared.expiresAt);
    await checkReferences(trx, schoolId, input);
    const before = await storedAuditView(trx, schoolId, row);

    await updatePost(trx, schoolId, postId, {
      title: prepared.title,
      body: prepared.body,
      search_text: prepared.searchText,
      audience_kind: prepared.kind,
      publish_at: publishAt,
      expires_at: prepared.expiresAt,
      pinned: input.pinned ? 1 : 0,
      show_on_info_screen: input.showOnInfoScreen ? 1 : 0,
      require_read_confirmation: input.requireReadConfirmation ? 1 : 0,
      updated_at: now,
    });
    await replaceAudience(trx, postId, prepared.targets);
    await replaceAttachments(trx, postId, prepared.attachmentIds);
    const rescheduled = publishAt !== row.publish_at && row.notified_at === null;
    if (rescheduled) {
      await enqueueJob(trx, { schoolId, kind: 'post.publish', payload: { postId }, runAt: publishAt });
    }
    if (prepared.expiresAt !== null && prepared.expiresAt !== row.expires_at) {
      await enqueueJob(trx, {
        schoolId,
        kind: 'post.expire',
        payload: { postId },
        runAt: prepared.expiresAt,
      });
    }
    await recordAudit(trx, {
      schoolId,
      actorPersonId: actor.personId,
      action: 'edit',
      entity: 'post',
      entityId: postId,
      before,
      after: auditView({ ...input, ...prepared, publishAt }),
    });
    publish('posts', []);
    return { post: await getPost(trx, actor, postId), kick: rescheduled && publishAt === now };
  });
  if (result.kick) deps.jobs.kick();
  return result.post;
}

/** Deletes a post with its read marks and the notifications about it. */
export async function deletePost(deps: Deps, actor: Actor, postId: string): Promise<void> {
  const { schoolId } = actor;
  await write(deps, schoolId, async (trx, publish) => {
    const { row, policies } = await loadForChange(trx, actor, postId, nowIso());
    if (!policies.delete) throw new ProblemError('forbidden');
    const before = await storedAuditView(trx, schoolId, row);
    await deletePostRow(trx, schoolId, postId);
    await removeNotificationsAbout(trx, `post:${postId}`);
    await recordAudit(trx, {
      schoolId,
      actorPersonId: actor.personId,
      action: 'delete',
      entity: 'post',
      entityId: postId,
      before,
    });
    publish('posts', []);
  });
}

/**
 * Marks a post read by the asker (the first time is kept) and, with `confirm`, confirmed, when
 * the post asks for that. Announced only when something changed, so the author's count follows.
 */
export async function markPostRead(
  deps: Deps,
  actor: Actor,
  postId: string,
  input: { confirm: boolean },
): Promise<void> {
  await write(deps, actor.schoolId, async (trx, publish) => {
    const now = nowIso();
    const row = await loadVisible(trx, actor, postId, now);
    const confirm = input.confirm && row.require_read_confirmation === 1;
    if (await markRead(trx, postId, actor.personId, now, confirm)) publish('posts', []);
  });
}

/**
 * Who of the post's current audience has read it (confirmed, when it asks for that) and who has
 * not: for its author and admins. Names sorted as Norwegian is.
 */
export async function postReads(db: Queryable, actor: Actor, postId: string): Promise<PostReads> {
  const row = await loadVisible(db, actor, postId, nowIso());
  if (!postPoliciesOf(actor, row.author_id).seeReads) throw new ProblemError('forbidden');
  const audience = audienceOfPost(row, await audienceOf(db, actor.schoolId, [postId]));
  const people = await audienceWithReads(db, actor.schoolId, postId, audience);
  const confirmation = row.require_read_confirmation === 1;
  const readers: PostReads['readers'] = [];
  const notRead: PostReads['notRead'] = [];
  for (const person of people) {
    const name = shortFullName({
      first: person.first_name,
      middle: person.middle_name,
      last: person.last_name,
    });
    const readAt = confirmation ? person.confirmed_at : person.read_at;
    if (readAt) readers.push({ id: person.id, name, readAt });
    else notRead.push({ id: person.id, name });
  }
  return {
    read: readers.length,
    total: people.length,
    readers: sortByName(readers),
    notRead: sortByName(notRead),
  };
}

// ── Publishing ──────────────────────────────────────────────────────────────────────────────

/**
 * The `post.publish` job: tells the post's audience, once, when its publish time has come. A
 * post deleted or told already needs nothing; one not yet due waits for its time (its publish
 * time may have moved). One that expired before it was told is marked told without telling:
 * nobody can open it any more.
 */
export async function publishPostJob(ctx: AppContext, payload: { postId: string }): Promise<JobOutcome> {
  const row = await findPostForJob(ctx.database.db, payload.postId);
  if (!row || row.notified_at !== null) return;
  const now = nowIso();
  if (row.publish_at > now) return { retryAt: row.publish_at };
  await write(ctx, row.school_id, async (trx, publish) => {
    if (!(await claimNotification(trx, row.id, now))) return;
    // A scheduled post has just come out: feeds (and their kept answers) show it now.
    publish('posts', []);
    if (row.expires_at !== null && row.expires_at <= now) return;
    const audience = await audienceOf(trx, row.school_id, [row.id]);
    const personIds = await audiencePersonIds(trx, row.school_id, {
      kind: row.audience_kind,
      authorId: row.author_id,
      targets: targetsOf(audience),
    });
    if (personIds.length === 0) return;
    const author =
      row.author_id !== null && row.first_name !== null && row.last_name !== null
        ? shortFullName({ first: row.first_name, middle: row.middle_name, last: row.last_name })
        : '';
    const excerpt = excerptOf(plainTextOf(row.body), NOTIFICATION_EXCERPT_MAX);
    await notifyPeople(trx, publish, ctx.config, {
      schoolId: row.school_id,
      personIds,
      category: 'posts',
      title: row.title,
      text: excerpt || author,
      link: `/app/posts?post=${encodeURIComponent(row.id)}`,
      source: `post:${row.id}`,
    });
  });
}

/**
 * The `post.expire` job: at a post's expiry, tells readers' feeds (and their kept answers) to
 * drop it. An expiry moved later waits for its new time; one removed, or a post deleted, ends.
 */
export async function expirePostJob(ctx: AppContext, payload: { postId: string }): Promise<JobOutcome> {
  const row = await findPostForJob(ctx.database.db, payload.postId);
  if (!row || row.expires_at === null) return;
  if (row.expires_at > nowIso()) return { retryAt: row.expires_at };
  await write(ctx, row.school_id, async (_trx, publish) => publish('posts', []));
}
