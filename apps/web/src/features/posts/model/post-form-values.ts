/**
 * The new-post form's values and the PostInput they become (POST and PUT /posts), and back for
 * editing. Free of React so the mapping is tested on its own.
 */
import type { Post, PostAttachment, PostAudienceRole, PostInput } from '@tun/shared/posts';
import { fromSchoolInput, toSchoolInput } from './school-datetime';

export type AudienceKind = 'school' | 'staff' | 'selected';
export type PublishMode = 'now' | 'scheduled';

export interface PostFormValues {
  title: string;
  /** HTML from the editor. */
  body: string;
  audienceKind: AudienceKind;
  lineIds: string[];
  electiveIds: string[];
  groupIds: string[];
  roles: PostAudienceRole[];
  /** `now`: at once (a published post keeps its time); `scheduled`: at `publishAt`. */
  publishMode: PublishMode;
  /** School wall clock, "2026-11-23T08:30", or ''. */
  publishAt: string;
  /** School wall clock, or '' for no expiry. */
  expiresAt: string;
  pinned: boolean;
  showOnInfoScreen: boolean;
  requireReadConfirmation: boolean;
  /** Kept whole so the form can show names and sizes; only the ids are sent. */
  attachments: PostAttachment[];
}

export const EMPTY_POST_FORM: PostFormValues = {
  title: '',
  body: '',
  audienceKind: 'school',
  lineIds: [],
  electiveIds: [],
  groupIds: [],
  roles: [],
  publishMode: 'now',
  publishAt: '',
  expiresAt: '',
  pinned: false,
  showOnInfoScreen: false,
  requireReadConfirmation: false,
  attachments: [],
};

/** A post's values for the edit form. */
export function formValuesOf(post: Post): PostFormValues {
  const audience = post.audience;
  const selected = audience.kind === 'selected' ? audience : null;
  const scheduled = post.status === 'scheduled';
  return {
    title: post.title,
    body: post.body,
    audienceKind: audience.kind,
    lineIds: selected?.lines.map((line) => line.id) ?? [],
    electiveIds: selected?.electives.map((elective) => elective.id) ?? [],
    groupIds: selected?.groups.map((group) => group.id) ?? [],
    roles: selected ? [...selected.roles] : [],
    publishMode: scheduled ? 'scheduled' : 'now',
    publishAt: scheduled ? toSchoolInput(post.publishAt) : '',
    expiresAt: toSchoolInput(post.expiresAt),
    pinned: post.pinned,
    showOnInfoScreen: post.showOnInfoScreen,
    requireReadConfirmation: post.requireReadConfirmation,
    attachments: post.attachments,
  };
}

/** The editor's empty document ("<p></p>") is no body at all. */
export function isEmptyBody(html: string): boolean {
  return html.replace(/<p>(\s|<br\s*\/?>)*<\/p>/g, '').trim() === '';
}

const LINK = /(<a\b[^>]*?\shref=")([^"]*)(")/g;
const ABSOLUTE = /^(?:https?:|mailto:|tel:)/i;
const LOOKS_LIKE_HOST = /^[^\s/:@]+\.[^\s/:@]{2,}(?:[/?#]|$)/;

/**
 * Links typed as «vg.no» become «https://vg.no»: the server keeps only absolute web, mail and
 * phone addresses and would turn such a link into plain text.
 */
export function withAbsoluteLinks(html: string): string {
  return html.replace(LINK, (whole, start: string, href: string, end: string) => {
    if (ABSOLUTE.test(href)) return whole;
    if (href.includes('@') && !href.includes('/')) return `${start}mailto:${href}${end}`;
    return LOOKS_LIKE_HOST.test(href) ? `${start}https://${href}${end}` : whole;
  });
}

/**
 * The request for the form's values. Editing a post that is already out with «now» keeps its
 * publish time (`original.publishAt`), so a typo fix does not move it to the top of the feed;
 * a new post, or a planned one published at once, sends none (the server's now).
 */
export function postInputOf(values: PostFormValues, original?: Post): PostInput {
  const audience: PostInput['audience'] =
    values.audienceKind === 'selected'
      ? {
          kind: 'selected',
          lineIds: values.lineIds,
          electiveIds: values.electiveIds,
          groupIds: values.groupIds,
          roles: values.roles,
        }
      : { kind: values.audienceKind };
  const publishAt =
    values.publishMode === 'scheduled'
      ? fromSchoolInput(values.publishAt)
      : original && original.status !== 'scheduled'
        ? original.publishAt
        : null;
  return {
    title: values.title.trim(),
    body: isEmptyBody(values.body) ? '' : withAbsoluteLinks(values.body),
    audience,
    publishAt,
    expiresAt: fromSchoolInput(values.expiresAt),
    pinned: values.pinned,
    showOnInfoScreen: values.showOnInfoScreen,
    requireReadConfirmation: values.requireReadConfirmation,
    attachmentIds: values.attachments.map((attachment) => attachment.id),
  };
}

/** The form fields a server error can be about. */
export type PostFormField =
  | 'title'
  | 'body'
  | 'audienceKind'
  | 'lineIds'
  | 'electiveIds'
  | 'groupIds'
  | 'roles'
  | 'publishAt'
  | 'expiresAt'
  | 'attachments';

const AUDIENCE_FIELDS: Record<string, PostFormField> = {
  lineIds: 'lineIds',
  electiveIds: 'electiveIds',
  groupIds: 'groupIds',
  roles: 'roles',
};

/**
 * Which field a server field error is about, from its path without the request part
 * (['audience', 'lineIds', '0'] for 'body.audience.lineIds.0'). The audience as a whole (nothing
 * chosen, too many) shows at the audience choice.
 */
export function formFieldOf(path: readonly string[]): PostFormField | undefined {
  const [first, second] = path;
  switch (first) {
    case 'title':
    case 'body':
    case 'publishAt':
    case 'expiresAt':
      return first;
    case 'attachmentIds':
      return 'attachments';
    case 'audience':
      return (second !== undefined ? AUDIENCE_FIELDS[second] : undefined) ?? 'audienceKind';
    default:
      return undefined;
  }
}

/** Audience targets chosen, for the check that a selection names someone. */
export function audienceTargetCount(values: PostFormValues): number {
  return values.lineIds.length + values.electiveIds.length + values.groupIds.length + values.roles.length;
}

/** A check the form failed, as a catalog key under posts.form (with its values). */
export interface PostFormProblem {
  key:
    | 'audience.empty'
    | 'audience.tooMany'
    | 'bodyTooLong'
    | 'publish.required'
    | 'publish.future'
    | 'expires.invalid'
    | 'expires.afterPublish'
    | 'expires.future';
  values?: Record<string, number>;
}

/**
 * The form's checks beyond the title (which the generic length check covers): what the server
 * would refuse, and times that make no sense (planned in the past, expiring before publishing).
 * A planned time or an expiry the post already had may stay as it is, even once it has passed.
 */
export function postFormProblems(
  values: PostFormValues,
  initial: PostFormValues,
  limits: { bodyMax: number; targetsMax: number },
  now: number = Date.now(),
): Partial<Record<PostFormField, PostFormProblem>> {
  const problems: Partial<Record<PostFormField, PostFormProblem>> = {};
  if (values.body.length > limits.bodyMax) problems.body = { key: 'bodyTooLong' };
  if (values.audienceKind === 'selected') {
    const count = audienceTargetCount(values);
    if (count === 0) problems.audienceKind = { key: 'audience.empty' };
    else if (count > limits.targetsMax)
      problems.audienceKind = { key: 'audience.tooMany', values: { count: limits.targetsMax } };
  }
  let publishAt: number | null = null;
  if (values.publishMode === 'scheduled') {
    const instant = fromSchoolInput(values.publishAt);
    if (values.publishAt === '') problems.publishAt = { key: 'publish.required' };
    else if (instant === null) problems.publishAt = { key: 'expires.invalid' };
    else {
      publishAt = Date.parse(instant);
      if (values.publishAt !== initial.publishAt && publishAt <= now)
        problems.publishAt = { key: 'publish.future' };
    }
  }
  if (values.expiresAt !== '') {
    const instant = fromSchoolInput(values.expiresAt);
    if (instant === null) problems.expiresAt = { key: 'expires.invalid' };
    else if (publishAt !== null && Date.parse(instant) <= publishAt)
      problems.expiresAt = { key: 'expires.afterPublish' };
    else if (values.expiresAt !== initial.expiresAt && Date.parse(instant) <= now)
      problems.expiresAt = { key: 'expires.future' };
  }
  return problems;
}
