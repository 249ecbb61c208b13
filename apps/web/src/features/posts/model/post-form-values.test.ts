import type { Post } from '@tun/shared/posts';
import { postInputSchema } from '@tun/shared/posts';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_POST_FORM,
  audienceTargetCount,
  formFieldOf,
  formValuesOf,
  isEmptyBody,
  postFormProblems,
  postInputOf,
  withAbsoluteLinks,
  type PostFormValues,
} from './post-form-values';

const post = (changes: Partial<Post> = {}): Post => ({
  id: 'p1',
  title: 'Turdag',
  body: '<p>Vi går til fjells.</p>',
  author: { id: 'a1', name: 'Kari Lærer' },
  audience: {
    kind: 'selected',
    lines: [{ id: 'l1', name: 'Friluft' }],
    electives: [{ id: 'e1', name: 'Klatring' }],
    groups: [],
    roles: ['teacher'],
  },
  publishAt: '2026-11-20T07:00:00.000Z',
  expiresAt: '2026-12-01T11:00:00.000Z',
  status: 'published',
  pinned: true,
  showOnInfoScreen: false,
  requireReadConfirmation: true,
  attachments: [{ id: 'f1', name: 'pakkeliste.pdf', size: 1234, contentType: 'application/pdf' }],
  createdAt: '2026-11-20T07:00:00.000Z',
  updatedAt: '2026-11-20T07:00:00.000Z',
  readAt: null,
  confirmedAt: null,
  readCount: null,
  policies: { edit: true, delete: true, seeReads: true },
  ...changes,
});

describe('post form values', () => {
  it('makes a valid request for a new post to the whole school, published now', () => {
    const values: PostFormValues = { ...EMPTY_POST_FORM, title: '  Middag  ', body: '<p>Taco</p>' };
    const input = postInputOf(values);
    expect(input).toEqual({
      title: 'Middag',
      body: '<p>Taco</p>',
      audience: { kind: 'school' },
      publishAt: null,
      expiresAt: null,
      pinned: false,
      showOnInfoScreen: false,
      requireReadConfirmation: false,
      attachmentIds: [],
    });
    expect(postInputSchema.safeParse(input).success).toBe(true);
  });

  it('sends the empty editor as no body', () => {
    expect(isEmptyBody('<p></p>')).toBe(true);
    expect(isEmptyBody('<p> </p><p><br></p>')).toBe(true);
    expect(isEmptyBody('<p>Hei</p>')).toBe(false);
    expect(isEmptyBody('<p><img src="/api/v1/files/f1/content?inline=1" alt="x"></p>')).toBe(false);
    expect(postInputOf({ ...EMPTY_POST_FORM, title: 'T', body: '<p></p>' }).body).toBe('');
  });

  it('reads a selected audience, the schedule and the school wall clock', () => {
    const values: PostFormValues = {
      ...EMPTY_POST_FORM,
      title: 'Konsert',
      audienceKind: 'selected',
      lineIds: ['l1'],
      roles: ['student'],
      publishMode: 'scheduled',
      publishAt: '2026-11-23T08:30',
      expiresAt: '2026-11-30T16:00',
    };
    const input = postInputOf(values);
    expect(input.audience).toEqual({
      kind: 'selected',
      lineIds: ['l1'],
      electiveIds: [],
      groupIds: [],
      roles: ['student'],
    });
    expect(input.publishAt).toBe('2026-11-23T07:30:00.000Z');
    expect(input.expiresAt).toBe('2026-11-30T15:00:00.000Z');
    expect(postInputSchema.safeParse(input).success).toBe(true);
  });

  it('round-trips a published post and keeps its publish time when saved', () => {
    const original = post();
    const values = formValuesOf(original);
    expect(values).toMatchObject({
      title: 'Turdag',
      audienceKind: 'selected',
      lineIds: ['l1'],
      electiveIds: ['e1'],
      groupIds: [],
      roles: ['teacher'],
      publishMode: 'now',
      publishAt: '',
      expiresAt: '2026-12-01T12:00',
      pinned: true,
      requireReadConfirmation: true,
    });
    const input = postInputOf(values, original);
    expect(input.publishAt).toBe(original.publishAt);
    expect(input.expiresAt).toBe(original.expiresAt);
    expect(input.attachmentIds).toEqual(['f1']);
    expect(postInputSchema.safeParse(input).success).toBe(true);
  });

  it('edits a planned post as planned, and publishes it at once when switched to now', () => {
    const original = post({ status: 'scheduled', publishAt: '2026-12-24T11:00:00.000Z', expiresAt: null });
    const values = formValuesOf(original);
    expect(values.publishMode).toBe('scheduled');
    expect(values.publishAt).toBe('2026-12-24T12:00');
    expect(postInputOf(values, original).publishAt).toBe('2026-12-24T11:00:00.000Z');
    expect(postInputOf({ ...values, publishMode: 'now' }, original).publishAt).toBeNull();
  });

  it('keeps the kind of a whole-school or staff audience without targets', () => {
    const values = formValuesOf(post({ audience: { kind: 'staff' } }));
    expect(values.audienceKind).toBe('staff');
    expect(audienceTargetCount(values)).toBe(0);
    expect(postInputOf(values).audience).toEqual({ kind: 'staff' });
  });

  it('places server field errors at their fields', () => {
    expect(formFieldOf(['title'])).toBe('title');
    expect(formFieldOf(['body'])).toBe('body');
    expect(formFieldOf(['audience'])).toBe('audienceKind');
    expect(formFieldOf(['audience', 'lineIds', '2'])).toBe('lineIds');
    expect(formFieldOf(['audience', 'roles'])).toBe('roles');
    expect(formFieldOf(['audience', 'kind'])).toBe('audienceKind');
    expect(formFieldOf(['expiresAt'])).toBe('expiresAt');
    expect(formFieldOf(['attachmentIds', '0'])).toBe('attachments');
    expect(formFieldOf(['pinned'])).toBeUndefined();
    expect(formFieldOf([])).toBeUndefined();
  });
});

describe('post form checks', () => {
  const limits = { bodyMax: 20, targetsMax: 3 };
  const now = Date.parse('2026-11-23T10:00:00Z');
  const base: PostFormValues = { ...EMPTY_POST_FORM, title: 'T' };

  it('passes a plain post to the whole school', () => {
    expect(postFormProblems(base, EMPTY_POST_FORM, limits, now)).toEqual({});
  });

  it('asks for at least one target, and no more than the limit, when the audience is selected', () => {
    expect(postFormProblems({ ...base, audienceKind: 'selected' }, EMPTY_POST_FORM, limits, now)).toEqual({
      audienceKind: { key: 'audience.empty' },
    });
    expect(
      postFormProblems(
        { ...base, audienceKind: 'selected', lineIds: ['a', 'b'], roles: ['teacher', 'student'] },
        EMPTY_POST_FORM,
        limits,
        now,
      ),
    ).toEqual({ audienceKind: { key: 'audience.tooMany', values: { count: 3 } } });
  });

  it('refuses a body over the limit', () => {
    expect(postFormProblems({ ...base, body: 'x'.repeat(21) }, EMPTY_POST_FORM, limits, now)).toEqual({
      body: { key: 'bodyTooLong' },
    });
  });

  it('wants a planned time in the future, unless it is the one the post already had', () => {
    const scheduled = { ...base, publishMode: 'scheduled' as const };
    expect(postFormProblems(scheduled, EMPTY_POST_FORM, limits, now).publishAt).toEqual({
      key: 'publish.required',
    });
    // 10:00 UTC is 11:00 in Oslo.
    expect(
      postFormProblems({ ...scheduled, publishAt: '2026-11-23T10:59' }, EMPTY_POST_FORM, limits, now)
        .publishAt,
    ).toEqual({ key: 'publish.future' });
    expect(
      postFormProblems({ ...scheduled, publishAt: '2026-11-23T11:01' }, EMPTY_POST_FORM, limits, now)
        .publishAt,
    ).toBeUndefined();
    const kept = { ...scheduled, publishAt: '2026-11-23T09:00' };
    expect(postFormProblems(kept, kept, limits, now).publishAt).toBeUndefined();
  });

  it('wants the expiry after the planned time and in the future', () => {
    const scheduled = { ...base, publishMode: 'scheduled' as const, publishAt: '2026-11-24T12:00' };
    expect(
      postFormProblems({ ...scheduled, expiresAt: '2026-11-24T12:00' }, EMPTY_POST_FORM, limits, now)
        .expiresAt,
    ).toEqual({ key: 'expires.afterPublish' });
    expect(
      postFormProblems({ ...base, expiresAt: '2026-11-20T12:00' }, EMPTY_POST_FORM, limits, now).expiresAt,
    ).toEqual({ key: 'expires.future' });
    expect(
      postFormProblems({ ...base, expiresAt: 'nonsense' }, EMPTY_POST_FORM, limits, now).expiresAt,
    ).toEqual({
      key: 'expires.invalid',
    });
    const expired = { ...base, expiresAt: '2026-11-20T12:00' };
    expect(postFormProblems(expired, expired, limits, now)).toEqual({});
  });
});

describe('links in the body', () => {
  it('makes typed host names and mail addresses absolute and leaves the rest', () => {
    expect(withAbsoluteLinks('<p><a target="_blank" href="vg.no/nyheter">VG</a></p>')).toBe(
      '<p><a target="_blank" href="https://vg.no/nyheter">VG</a></p>',
    );
    expect(withAbsoluteLinks('<a href="kari@skole.no">Kari</a>')).toBe(
      '<a href="mailto:kari@skole.no">Kari</a>',
    );
    expect(withAbsoluteLinks('<a href="https://tun.no">x</a> <a href="tel:+4712345678">y</a>')).toBe(
      '<a href="https://tun.no">x</a> <a href="tel:+4712345678">y</a>',
    );
    expect(withAbsoluteLinks('<a href="noe rart">x</a>')).toBe('<a href="noe rart">x</a>');
    expect(withAbsoluteLinks('<img src="/api/v1/files/f1/content?inline=1" alt="vg.no">')).toBe(
      '<img src="/api/v1/files/f1/content?inline=1" alt="vg.no">',
    );
  });

  it('sends the body with absolute links', () => {
    const input = postInputOf({ ...EMPTY_POST_FORM, title: 'T', body: '<p><a href="nrk.no">NRK</a></p>' });
    expect(input.body).toBe('<p><a href="https://nrk.no">NRK</a></p>');
  });
});
