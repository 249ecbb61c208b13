/**
 * Posts: the school's news to the people it concerns (SPEC §2 /app/posts, §6 «Posts»: staff
 * write, everyone reads). The SPEC does not show a post's fields; what a post holds and who sees
 * it are in docs/decisions/021-posts-and-notifications.md. The server and the web app both read
 * their shapes and numbers from here.
 */
import { z } from 'zod';
import { instantSchema } from './dates';
import { idSchema } from './ids';
import { singleLineText } from './text';

export const POST_TITLE_MAX = 200;
/** The body as sanitized HTML; images are links into the file archive, never inline data. */
export const POST_BODY_MAX = 100_000;
export const POST_ATTACHMENTS_MAX = 20;
/** Lines, electives, groups and roles one post may name, together. */
export const POST_AUDIENCE_TARGETS_MAX = 100;
export const POST_SEARCH_MAX = 100;
export const POST_FEED_PAGE_DEFAULT = 20;
export const POST_FEED_PAGE_MAX = 100;

/** The roles a post can be addressed to ('student' is everyone with no role). */
export const POST_AUDIENCE_ROLES = ['admin', 'teacher', 'janitor', 'kitchen', 'stipp', 'student'] as const;
export type PostAudienceRole = (typeof POST_AUDIENCE_ROLES)[number];

/**
 * Who a post is for. `school`: everyone of the school; `staff`: admins, teachers, janitors and
 * kitchen staff; `selected`: the members of the named lines, electives and groups and the
 * people with the named roles, together. The audience is resolved when someone reads, so a
 * student who joins a line later sees the line's posts (decision 021).
 */
export const postAudienceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('school') }),
  z.object({ kind: z.literal('staff') }),
  z
    .object({
      kind: z.literal('selected'),
      lineIds: z.array(idSchema).max(POST_AUDIENCE_TARGETS_MAX).default([]),
      electiveIds: z.array(idSchema).max(POST_AUDIENCE_TARGETS_MAX).default([]),
      groupIds: z.array(idSchema).max(POST_AUDIENCE_TARGETS_MAX).default([]),
      roles: z.array(z.enum(POST_AUDIENCE_ROLES)).max(POST_AUDIENCE_ROLES.length).default([]),
    })
    .refine((a) => a.lineIds.length + a.electiveIds.length + a.groupIds.length + a.roles.length > 0, {
      message: 'Velg minst én linje, valgfag, gruppe eller rolle.',
      params: { code: 'post-audience-empty' },
    })
    .refine(
      (a) =>
        a.lineIds.length + a.electiveIds.length + a.groupIds.length + a.roles.length <=
        POST_AUDIENCE_TARGETS_MAX,
      { message: `Et innlegg kan ha høyst ${POST_AUDIENCE_TARGETS_MAX} mottakergrupper.` },
    ),
]);
export type PostAudienceInput = z.infer<typeof postAudienceSchema>;

/** A new post, or all of an edited one (PUT). */
export const postInputSchema = z
  .object({
    title: singleLineText().min(1).max(POST_TITLE_MAX),
    /** HTML from the editor; the server keeps only what its allow-list lets through. */
    body: z.string().max(POST_BODY_MAX),
    audience: postAudienceSchema,
    /** When it is shown and its audience notified; absent or past means now. */
    publishAt: instantSchema.nullish(),
    /** When it leaves the feed (its author and admins still find it). */
    expiresAt: instantSchema.nullish(),
    pinned: z.boolean().default(false),
    /** «Vis på infoskjerm»: the school's info screens show it while it is published. */
    showOnInfoScreen: z.boolean().default(false),
    /** «Krev lesebekreftelse»: readers confirm, the author sees who has not. */
    requireReadConfirmation: z.boolean().default(false),
    /** Files of the archive, in the order shown. */
    attachmentIds: z.array(idSchema).max(POST_ATTACHMENTS_MAX).default([]),
  })
  .refine((p) => !p.publishAt || !p.expiresAt || Date.parse(p.expiresAt) > Date.parse(p.publishAt), {
    message: 'Utløpstiden må være etter publiseringstiden.',
    path: ['expiresAt'],
    params: { code: 'post-expires-before-publish' },
  });
export type PostInput = z.input<typeof postInputSchema>;

export const POST_STATUSES = ['scheduled', 'published', 'expired'] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

export const POST_FEED_FILTERS = ['all', 'unread', 'school', 'staff', 'selected', 'mine'] as const;
export type PostFeedFilter = (typeof POST_FEED_FILTERS)[number];

export const postFeedQuerySchema = z.object({
  /** `unread`: not yet opened; `school`/`staff`/`selected`: by audience kind; `mine`: written by me. */
  filter: z.enum(POST_FEED_FILTERS).default('all'),
  q: singleLineText().max(POST_SEARCH_MAX).optional(),
  /** The `nextCursor` of the previous page. */
  cursor: z.string().min(1).max(500).optional(),
  limit: z.coerce.number().int().min(1).max(POST_FEED_PAGE_MAX).default(POST_FEED_PAGE_DEFAULT),
});
export type PostFeedQuery = z.input<typeof postFeedQuerySchema>;

const namedRefSchema = z.object({ id: z.string(), name: z.string() });

/** The audience as shown: with the names of its lines, electives and groups. */
export const postAudienceViewSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('school') }),
  z.object({ kind: z.literal('staff') }),
  z.object({
    kind: z.literal('selected'),
    lines: z.array(namedRefSchema),
    electives: z.array(namedRefSchema),
    groups: z.array(namedRefSchema),
    roles: z.array(z.enum(POST_AUDIENCE_ROLES)),
  }),
]);
export type PostAudienceView = z.infer<typeof postAudienceViewSchema>;

export const postAttachmentSchema = z.object({
  id: z.string(),
  name: z.string(),
  size: z.number().int().min(0),
  contentType: z.string(),
});
export type PostAttachment = z.infer<typeof postAttachmentSchema>;

/** What the user may do with one post (docs/decisions/017-record-policies.md). */
export const postPoliciesSchema = z.object({
  edit: z.boolean(),
  delete: z.boolean(),
  /** See «Lest av …» and who has not read. */
  seeReads: z.boolean(),
});
export type PostPolicies = z.infer<typeof postPoliciesSchema>;

export const postSchema = z.object({
  id: z.string(),
  title: z.string(),
  /** Sanitized HTML (the server's allow-list). */
  body: z.string(),
  /** Null once the author is erased: shown as «Slettet bruker». */
  author: namedRefSchema.nullable(),
  audience: postAudienceViewSchema,
  publishAt: z.string(),
  expiresAt: z.string().nullable(),
  status: z.enum(POST_STATUSES),
  pinned: z.boolean(),
  showOnInfoScreen: z.boolean(),
  requireReadConfirmation: z.boolean(),
  attachments: z.array(postAttachmentSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** When I opened it; null while unread. */
  readAt: z.string().nullable(),
  /** When I confirmed reading it (posts that ask for it). */
  confirmedAt: z.string().nullable(),
  /** For those who may see reads: how many of the audience have read (confirmed, when asked). */
  readCount: z.object({ read: z.number().int(), total: z.number().int() }).nullable(),
  policies: postPoliciesSchema,
});
export type Post = z.infer<typeof postSchema>;

export const postFeedSchema = z.object({
  posts: z.array(postSchema),
  nextCursor: z.string().nullable(),
});
export type PostFeed = z.infer<typeof postFeedSchema>;

/** The author's and admins' view of who has read: «Lest av 34 av 60». */
export const postReadsSchema = z.object({
  read: z.number().int(),
  total: z.number().int(),
  /** Counted as read: confirmed when the post asks for it, opened otherwise. */
  readers: z.array(namedRefSchema.extend({ readAt: z.string() })),
  notRead: z.array(namedRefSchema),
});
export type PostReads = z.infer<typeof postReadsSchema>;

/** POST /posts/:id/read: opened (always) or confirmed («Jeg har lest»). */
export const postReadInputSchema = z.object({ confirm: z.boolean().default(false) });
