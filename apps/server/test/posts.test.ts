/**
 * Posts (issue 13; docs/decisions/021-posts-and-notifications.md): writing, editing and deleting
 * by whom, who sees which post (in the feed and by id), scheduled and expired posts, the feed's
 * order, paging and search, read marks and «Lest av N av M», refused input, erasure of an author,
 * what is announced live and audited, and the job that notifies a post's audience.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROBLEM_CONTENT_TYPE, type Post, type PostFeed, type PostInput, type PostReads } from '@tun/shared';
import { expirePostJob, publishPostJob } from '../src/modules/posts/posts.service';
import {
  callApi,
  createPerson,
  createSchool,
  insertElective,
  insertGroup,
  insertLine,
  lastLiveEventId,
  liveEventsSince,
  login,
  setupSchool,
} from './factories';
import { createTestApp, dialects, type TestApp } from './helper';
import { insertArchiveFile, postInput } from './posts-factories';

describe.each(dialects())('posts on %s', (dialect) => {
  let t: TestApp;
  let schoolId: string;
  let adminId: string;
  let admin: string;
  type Member = { id: string; cookie: string };
  const people = {} as Record<
    | 'teacher'
    | 'lineTeacher'
    | 'janitor'
    | 'kitchen'
    | 'stipp'
    | 'student'
    | 'electiveStudent'
    | 'tv'
    | 'developer',
    Member
  >;
  let lineId: string;
  let electiveId: string;
  let groupId: string;
  let otherSchoolId: string;
  let otherAdmin: string;

  /** Someone of the school who signs in. */
  async function member(roles: string[], name?: { first: string; last: string }, school = schoolId) {
    const { personId, email } = await createPerson(t, school, { roles, login: true, ...name });
    return { id: personId, cookie: await login(t, email) };
  }

  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { LOGIN_RATE_LIMIT: '1000' } });
    ({ schoolId, adminId, adminCookie: admin } = await setupSchool(t));
    people.teacher = await member(['teacher']);
    people.lineTeacher = await member(['teacher']);
    people.janitor = await member(['janitor']);
    people.kitchen = await member(['kitchen']);
    people.stipp = await member(['stipp']);
    people.student = await member([]);
    people.electiveStudent = await member([]);
    people.tv = await member(['tv']);
    people.developer = await member(['developer']);
    lineId = await insertLine(t, schoolId, { name: 'Friluftsliv', members: [people.student.id] });
    await db()
      .insertInto('line_staff')
      .values({ line_id: lineId, person_id: people.lineTeacher.id, school_id: schoolId, kind: 'teacher' })
      .execute();
    electiveId = await insertElective(t, schoolId, {
      name: 'Klatring',
      members: [people.electiveStudent.id],
    });
    groupId = await insertGroup(t, schoolId, {
      name: 'Turgruppe',
      endDate: null,
      members: [people.stipp.id],
    });
    otherSchoolId = await createSchool(t);
    otherAdmin = (await member(['admin'], undefined, otherSchoolId)).cookie;
  });
  afterAll(() => t.close());

  const db = () => t.ctx.database.db;
  const create = (cookie: string, input: PostInput) =>
    callApi<Post>(t, cookie, 'POST', '/api/v1/posts', input);
  const get = (cookie: string, id: string) => callApi<Post>(t, cookie, 'GET', `/api/v1/posts/${id}`);
  const put = (cookie: string, id: string, input: PostInput) =>
    callApi<Post>(t, cookie, 'PUT', `/api/v1/posts/${id}`, input);
  const remove = (cookie: string, id: string) => callApi(t, cookie, 'DELETE', `/api/v1/posts/${id}`);
  const read = (cookie: string, id: string, confirm = false) =>
    callApi(t, cookie, 'POST', `/api/v1/posts/${id}/read`, { confirm });
  const reads = (cookie: string, id: string) =>
    callApi<PostReads>(t, cookie, 'GET', `/api/v1/posts/${id}/reads`);

  async function feed(cookie: string, query: Record<string, string> = {}) {
    const response = await t.request({ method: 'GET', url: '/api/v1/posts', query, cookie });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<PostFeed>();
  }

  /** The titles the person finds with the marker, in the feed's order. */
  async function titlesFor(cookie: string, marker: string) {
    return (await feed(cookie, { q: marker, limit: '100' })).posts.map((post) => post.title);
  }

  /** Writes a post and answers it; fails the test when it is refused. */
  async function write(cookie: string, overrides: Partial<PostInput> = {}): Promise<Post> {
    const response = await create(cookie, postInput(overrides));
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body;
  }

  function expectProblem(response: { status: number; body: unknown }, status: number, code: string) {
    expect(response.status, JSON.stringify(response.body)).toBe(status);
    expect((response.body as { code: string }).code).toBe(code);
  }

  const count = async (table: 'post' | 'post_audience' | 'post_attachment') => {
    const row = await db()
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  };

  const future = (ms: number) => new Date(Date.now() + ms).toISOString();

  describe('writing, editing and deleting', () => {
    it('answers a new post with its author, audience, status, flags and policies', async () => {
      const response = await create(
        people.teacher.cookie,
        postInput({
          title: '  Tur til fjells  ',
          body: '<p>Vi drar <strong>fredag</strong>.</p>',
          audience: {
            kind: 'selected',
            lineIds: [lineId],
            electiveIds: [electiveId],
            groupIds: [groupId],
            roles: ['stipp'],
          },
          pinned: true,
          requireReadConfirmation: true,
        }),
      );
      expect(response.status, JSON.stringify(response.body)).toBe(201);
      const post = response.body;
      expect(post).toMatchObject({
        title: 'Tur til fjells',
        body: '<p>Vi drar <strong>fredag</strong>.</p>',
        author: { id: people.teacher.id },
        audience: {
          kind: 'selected',
          lines: [{ id: lineId, name: 'Friluftsliv' }],
          electives: [{ id: electiveId, name: 'Klatring' }],
          groups: [{ id: groupId, name: 'Turgruppe' }],
          roles: ['stipp'],
        },
        status: 'published',
        pinned: true,
        showOnInfoScreen: false,
        requireReadConfirmation: true,
        expiresAt: null,
        attachments: [],
        readAt: null,
        confirmedAt: null,
        policies: { edit: true, delete: true, seeReads: true },
      });
      // The line's member and its teacher, the elective's member, the group's member (a stipp).
      expect(post.readCount).toEqual({ read: 0, total: 4 });
      expect(Math.abs(Date.parse(post.publishAt) - Date.now())).toBeLessThan(60_000);
      expect((await get(people.teacher.cookie, post.id)).body).toEqual(post);
    });

    it('sanitizes the body on save and keeps its text for search', async () => {
      const marker = `sanert${randomUUID().slice(0, 6)}`;
      const post = await write(people.teacher.cookie, {
        title: `Rent ${marker}`,
        body: `<p onclick="alert(1)">Hei <b>der</b></p><script>alert(2)</script><img src=x onerror=alert(3)><a href="javascript:alert(4)">lenke</a><p style="color:red">SØKBAR tekst</p>`,
      });
      expect(post.body).toBe('<p>Hei <b>der</b></p>lenke<p>SØKBAR tekst</p>');
      const stored = await db()
        .selectFrom('post')
        .select(['body', 'search_text'])
        .where('id', '=', post.id)
        .executeTakeFirstOrThrow();
      expect(stored.body).toBe(post.body);
      expect(stored.search_text).toBe(`rent ${marker} hei der lenke søkbar tekst`);
      expect(await titlesFor(people.student.cookie, 'søkbar TEKST')).toContain(`Rent ${marker}`);
    });

    it('lets the author and admins edit and delete, and refuses other staff (403) and students (403)', async () => {
      const post = await write(people.teacher.cookie, { title: 'Endres' });
      const changed = postInput({ title: 'Endret av forfatteren', body: '<p>ny</p>' });

      expectProblem(await put(people.janitor.cookie, post.id, changed), 403, 'forbidden');
      expectProblem(await remove(people.janitor.cookie, post.id), 403, 'forbidden');
      expectProblem(await put(people.student.cookie, post.id, changed), 403, 'forbidden');
      expectProblem(await remove(people.student.cookie, post.id), 403, 'forbidden');
      expectProblem(await create(people.student.cookie, postInput()), 403, 'forbidden');
      expectProblem(await create(people.stipp.cookie, postInput()), 403, 'forbidden');
      expectProblem(await create(people.tv.cookie, postInput()), 403, 'forbidden');
      // Another teacher sees it (it is for the whole school) but may not change it.
      expect((await get(people.lineTeacher.cookie, post.id)).body.policies).toEqual({
        edit: false,
        delete: false,
        seeReads: false,
      });
      expect((await get(people.lineTeacher.cookie, post.id)).body.readCount).toBeNull();
      expectProblem(await put(people.lineTeacher.cookie, post.id, changed), 403, 'forbidden');

      const edited = await put(people.teacher.cookie, post.id, changed);
      expect(edited.status).toBe(200);
      expect(edited.body).toMatchObject({
        title: 'Endret av forfatteren',
        body: '<p>ny</p>',
        author: { id: people.teacher.id },
      });
      // It keeps its place in the feed: an edit is not a new post.
      expect(edited.body.publishAt).toBe(post.publishAt);
      expect(Date.parse(edited.body.updatedAt)).toBeGreaterThanOrEqual(Date.parse(post.updatedAt));

      const moderated = await put(admin, post.id, postInput({ title: 'Endret av admin' }));
      expect(moderated.status).toBe(200);
      expect(moderated.body.author?.id).toBe(people.teacher.id);
      expect((await get(admin, post.id)).body.policies).toEqual({ edit: true, delete: true, seeReads: true });

      expect((await remove(people.teacher.cookie, post.id)).status).toBe(204);
      expectProblem(await get(people.teacher.cookie, post.id), 404, 'post-not-found');
      expectProblem(await remove(people.teacher.cookie, post.id), 404, 'post-not-found');

      const another = await write(people.kitchen.cookie);
      expect((await remove(admin, another.id)).status).toBe(204);
      const byDeveloper = await write(people.janitor.cookie);
      expect(
        (await put(people.developer.cookie, byDeveloper.id, postInput({ title: 'Utvikleren' }))).status,
      ).toBe(200);
      expect((await remove(people.developer.cookie, byDeveloper.id)).status).toBe(204);
    });

    it('records publish, edit and delete in the audit', async () => {
      const post = await write(people.teacher.cookie, { title: 'Revidert' });
      await put(
        people.teacher.cookie,
        post.id,
        postInput({ title: 'Revidert igjen', audience: { kind: 'staff' } }),
      );
      await remove(admin, post.id);
      const entries = await db()
        .selectFrom('audit_log')
        .select(['action', 'actor_person_id', 'before', 'after'])
        .where('entity', '=', 'post')
        .where('entity_id', '=', post.id)
        .orderBy('at')
        .execute();
      expect(entries.map((entry) => [entry.action, entry.actor_person_id])).toEqual([
        ['publish', people.teacher.id],
        ['edit', people.teacher.id],
        ['delete', adminId],
      ]);
      expect(JSON.parse(entries[1]!.before!)).toMatchObject({ title: 'Revidert', audience: 'school' });
      expect(JSON.parse(entries[1]!.after!)).toMatchObject({ title: 'Revidert igjen', audience: 'staff' });
      expect(JSON.parse(entries[2]!.before!)).toMatchObject({ title: 'Revidert igjen' });
    });

    it('attaches files of the archive, in the order given, each once', async () => {
      const first = await insertArchiveFile(t, schoolId, { name: 'Pakkeliste.pdf', size: 2048 });
      const second = await insertArchiveFile(t, schoolId, { name: 'Kart.png', contentType: 'image/png' });
      const post = await write(people.teacher.cookie, { attachmentIds: [second, first, second] });
      expect(post.attachments).toEqual([
        { id: second, name: 'Kart.png', size: 1234, contentType: 'image/png' },
        { id: first, name: 'Pakkeliste.pdf', size: 2048, contentType: 'application/pdf' },
      ]);
      const edited = await put(people.teacher.cookie, post.id, postInput({ attachmentIds: [first] }));
      expect(edited.body.attachments.map((file) => file.id)).toEqual([first]);
      // A file deleted from the archive leaves the post.
      await db().deleteFrom('file').where('id', '=', first).execute();
      expect((await get(people.student.cookie, post.id)).body.attachments).toEqual([]);
    });

    it('queues the publish job at the publish time, and again when a scheduled post moves', async () => {
      const jobsOf = (postId: string) =>
        db()
          .selectFrom('job')
          .select(['kind', 'run_at', 'school_id', 'payload'])
          .where('kind', '=', 'post.publish')
          .where('payload', '=', JSON.stringify({ postId }))
          .orderBy('run_at')
          .execute();
      const later = future(3_600_000);
      const post = await write(people.teacher.cookie, { publishAt: later });
      expect(post.status).toBe('scheduled');
      expect(post.publishAt).toBe(later);
      expect(await jobsOf(post.id)).toEqual([
        {
          kind: 'post.publish',
          run_at: later,
          school_id: schoolId,
          payload: JSON.stringify({ postId: post.id }),
        },
      ]);
      // Same time: nothing new. Another time: one more job, at that time.
      await put(people.teacher.cookie, post.id, postInput({ publishAt: later }));
      expect(await jobsOf(post.id)).toHaveLength(1);
      const evenLater = future(7_200_000);
      await put(people.teacher.cookie, post.id, postInput({ publishAt: evenLater }));
      expect((await jobsOf(post.id)).map((job) => job.run_at)).toEqual([later, evenLater]);
    });
  });

  describe('who sees what', () => {
    it('shows each post to its audience only, in the feed and by id', async () => {
      const marker = `matrise${randomUUID().slice(0, 6)}`;
      const author = people.kitchen.cookie;
      const posts = {
        school: await write(author, { title: `${marker} skole`, audience: { kind: 'school' } }),
        screen: await write(author, {
          title: `${marker} infoskjerm`,
          audience: { kind: 'school' },
          showOnInfoScreen: true,
        }),
        staff: await write(author, {
          title: `${marker} ansatte`,
          audience: { kind: 'staff' },
          showOnInfoScreen: true,
        }),
        line: await write(author, {
          title: `${marker} linje`,
          audience: { kind: 'selected', lineIds: [lineId] },
        }),
        elective: await write(author, {
          title: `${marker} valgfag`,
          audience: { kind: 'selected', electiveIds: [electiveId] },
        }),
        group: await write(author, {
          title: `${marker} gruppe`,
          audience: { kind: 'selected', groupIds: [groupId] },
        }),
        stipps: await write(author, {
          title: `${marker} stipendiater`,
          audience: { kind: 'selected', roles: ['stipp'] },
        }),
        students: await write(author, {
          title: `${marker} elever`,
          audience: { kind: 'selected', roles: ['student'] },
        }),
        teachers: await write(author, {
          title: `${marker} lærere`,
          audience: { kind: 'selected', roles: ['teacher'] },
        }),
        admins: await write(author, {
          title: `${marker} administratorer`,
          audience: { kind: 'selected', roles: ['admin'] },
        }),
      };
      type Key = keyof typeof posts;
      const everything = Object.keys(posts) as Key[];
      const expected: Record<string, { cookie: string; sees: Key[] }> = {
        admin: { cookie: admin, sees: everything },
        developer: { cookie: people.developer.cookie, sees: everything },
        author: { cookie: author, sees: everything },
        teacher: { cookie: people.teacher.cookie, sees: ['school', 'screen', 'staff', 'teachers'] },
        lineTeacher: {
          cookie: people.lineTeacher.cookie,
          sees: ['school', 'screen', 'staff', 'line', 'teachers'],
        },
        janitor: { cookie: people.janitor.cookie, sees: ['school', 'screen', 'staff'] },
        stipp: { cookie: people.stipp.cookie, sees: ['school', 'screen', 'group', 'stipps'] },
        student: { cookie: people.student.cookie, sees: ['school', 'screen', 'line', 'students'] },
        electiveStudent: {
          cookie: people.electiveStudent.cookie,
          sees: ['school', 'screen', 'elective', 'students'],
        },
        otherSchool: { cookie: otherAdmin, sees: [] },
      };
      // A TV account reads no posts here: its screen's content carries those marked for the
      // screens (decision 024).
      expectProblem(await callApi(t, people.tv.cookie, 'GET', '/api/v1/posts'), 403, 'forbidden');
      expectProblem(await get(people.tv.cookie, posts.screen.id), 403, 'forbidden');
      for (const [who, { cookie, sees }] of Object.entries(expected)) {
        const titles = await titlesFor(cookie, marker);
        expect(titles.sort(), who).toEqual(sees.map((key) => posts[key].title).sort());
        for (const key of everything) {
          const response = await get(cookie, posts[key].id);
          if (sees.includes(key)) expect(response.status, `${who} GET ${key}`).toBe(200);
          else expectProblem(response, 404, 'post-not-found');
        }
      }
      // A student never learns of a staff post: not by id, not by marking it read, not by its reads.
      expectProblem(await read(people.student.cookie, posts.staff.id), 404, 'post-not-found');
      expectProblem(await reads(people.student.cookie, posts.staff.id), 404, 'post-not-found');
    });

    it('answers another school with 404 on every route of a post, and an empty feed', async () => {
      const post = await write(people.teacher.cookie, { title: `Bare vår skole ${randomUUID()}` });
      expectProblem(await get(otherAdmin, post.id), 404, 'post-not-found');
      expectProblem(await put(otherAdmin, post.id, postInput()), 404, 'post-not-found');
      expectProblem(await remove(otherAdmin, post.id), 404, 'post-not-found');
      expectProblem(await read(otherAdmin, post.id), 404, 'post-not-found');
      expectProblem(await reads(otherAdmin, post.id), 404, 'post-not-found');
      expect((await feed(otherAdmin, { q: post.title })).posts).toEqual([]);
      expect((await get(people.teacher.cookie, post.id)).body.title).toBe(post.title);
    });

    it('sees a line newcomer in the line’s earlier posts: the audience is resolved when read', async () => {
      const post = await write(people.teacher.cookie, {
        title: `Før du kom ${randomUUID()}`,
        audience: { kind: 'selected', lineIds: [lineId] },
      });
      const newcomer = await member([]);
      expectProblem(await get(newcomer.cookie, post.id), 404, 'post-not-found');
      await db()
        .insertInto('line_member')
        .values({ line_id: lineId, person_id: newcomer.id, school_id: schoolId })
        .execute();
      expect((await get(newcomer.cookie, post.id)).status).toBe(200);
    });

    it('shows a scheduled post only to its author and admins, as «scheduled», until its time', async () => {
      const marker = `planlagt${randomUUID().slice(0, 6)}`;
      const post = await write(people.teacher.cookie, { title: marker, publishAt: future(3_600_000) });
      expect(post.status).toBe('scheduled');
      expect((await get(admin, post.id)).body.status).toBe('scheduled');
      expect(await titlesFor(people.teacher.cookie, marker)).toEqual([marker]);
      expect(await titlesFor(admin, marker)).toEqual([marker]);
      expect(await titlesFor(people.student.cookie, marker)).toEqual([]);
      expect(await titlesFor(people.janitor.cookie, marker)).toEqual([]);
      expectProblem(await get(people.student.cookie, post.id), 404, 'post-not-found');
      // Its time comes.
      await db()
        .updateTable('post')
        .set({ publish_at: new Date(Date.now() - 1000).toISOString() })
        .where('id', '=', post.id)
        .execute();
      expect((await get(people.student.cookie, post.id)).body.status).toBe('published');
    });

    it('hides an expired post from readers; its author and admins still find it, as «expired»', async () => {
      const marker = `utlopt${randomUUID().slice(0, 6)}`;
      const post = await write(people.teacher.cookie, { title: marker, expiresAt: future(3_600_000) });
      expect(post.status).toBe('published');
      expect(await titlesFor(people.student.cookie, marker)).toEqual([marker]);
      // Its time comes (set back here, instead of waiting), and its expiry job runs.
      await db()
        .updateTable('post')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('id', '=', post.id)
        .execute();
      expect(await expirePostJob(t.ctx, { postId: post.id })).toBeUndefined();
      expect(await titlesFor(people.student.cookie, marker)).toEqual([]);
      expectProblem(await get(people.student.cookie, post.id), 404, 'post-not-found');
      expect((await get(people.teacher.cookie, post.id)).body.status).toBe('expired');
      expect((await get(admin, post.id)).body.status).toBe('expired');
    });
  });

  describe('the feed', () => {
    it('comes pinned first, then newest, a page at a time, without repeats or gaps', async () => {
      const marker = `side${randomUUID().slice(0, 6)}`;
      const written: Post[] = [];
      for (let i = 0; i < 9; i += 1) {
        written.push(
          await write(people.teacher.cookie, { title: `${marker} ${i}`, pinned: i === 2 || i === 6 }),
        );
      }
      const expected = [...written]
        .sort(
          (a, b) =>
            Number(b.pinned) - Number(a.pinned) ||
            b.publishAt.localeCompare(a.publishAt) ||
            (a.id < b.id ? 1 : -1),
        )
        .map((post) => post.title);
      expect(expected.slice(0, 2)).toEqual([`${marker} 6`, `${marker} 2`]);

      const seen: string[] = [];
      let cursor: string | null | undefined;
      let pages = 0;
      do {
        const page = await feed(people.student.cookie, {
          q: marker,
          limit: '4',
          ...(cursor ? { cursor } : {}),
        });
        seen.push(...page.posts.map((post) => post.title));
        cursor = page.nextCursor;
        pages += 1;
      } while (cursor);
      expect(pages).toBe(3);
      expect(seen).toEqual(expected);

      // A page goes on after its last post even when that post has been deleted meanwhile.
      const first = await feed(people.student.cookie, { q: marker, limit: '3' });
      const last = written.find((post) => post.title === first.posts.at(-1)!.title)!;
      await remove(people.teacher.cookie, last.id);
      const next = await feed(people.student.cookie, { q: marker, limit: '3', cursor: first.nextCursor! });
      expect(next.posts.map((post) => post.title)).toEqual(expected.slice(3, 6));
    });

    it('refuses a cursor that is garbage or belongs to another listing (400)', async () => {
      const marker = `peker${randomUUID().slice(0, 6)}`;
      for (let i = 0; i < 3; i += 1) await write(people.teacher.cookie, { title: `${marker} ${i}` });
      const page = await feed(people.student.cookie, { q: marker, limit: '1' });
      expect(page.nextCursor).not.toBeNull();
      for (const query of <Record<string, string>[]>[
        { q: marker, cursor: 'søppel' },
        { q: marker, cursor: Buffer.from('{"b":"x","p":0}').toString('base64url') },
        { q: marker, cursor: Buffer.from('[1,2,3]').toString('base64url') },
        { q: 'noe annet', cursor: page.nextCursor! },
        { q: marker, filter: 'unread', cursor: page.nextCursor! },
        { q: marker, cursor: 'x'.repeat(501) },
        { limit: '0' },
        { limit: '101' },
        { filter: 'alle' },
      ]) {
        const response = await t.request({
          method: 'GET',
          url: '/api/v1/posts',
          query,
          cookie: people.student.cookie,
        });
        expect(response.statusCode, JSON.stringify(query)).toBe(400);
        expect(String(response.headers['content-type'])).toContain(PROBLEM_CONTENT_TYPE);
        expect(response.json().code).toBe('validation-failed');
      }
    });

    it('searches titles and text ignoring case, with wildcards taken literally', async () => {
      const marker = `søk${randomUUID().slice(0, 6)}`;
      await write(people.teacher.cookie, {
        title: `${marker} Middag`,
        body: '<p>Det blir <em>TACO</em> på fredag</p>',
      });
      await write(people.teacher.cookie, { title: `${marker} 100% oppmøte`, body: '<p>Alle_må komme</p>' });
      await write(people.teacher.cookie, { title: `${marker} Annet`, body: '<p>Ingenting</p>' });
      const titles = async (q: string) =>
        (await titlesFor(people.student.cookie, q)).filter((title) => title.startsWith(marker));
      expect(await titles('taco PÅ')).toEqual([`${marker} Middag`]);
      expect(await titles(`${marker.toUpperCase()} middag`)).toEqual([`${marker} Middag`]);
      expect(await titles('100%')).toEqual([`${marker} 100% oppmøte`]);
      expect(await titles('e_m')).toEqual([`${marker} 100% oppmøte`]);
      expect(await titles('0% o')).toEqual([`${marker} 100% oppmøte`]);
      expect((await titles(marker)).length).toBe(3);
    });

    it('filters by unread, mine and audience kind', async () => {
      const marker = `filter${randomUUID().slice(0, 6)}`;
      const school = await write(people.teacher.cookie, { title: `${marker} skole` });
      const staff = await write(people.teacher.cookie, {
        title: `${marker} ansatte`,
        audience: { kind: 'staff' },
      });
      const line = await write(people.janitor.cookie, {
        title: `${marker} linje`,
        audience: { kind: 'selected', lineIds: [lineId] },
      });
      const titles = async (cookie: string, filter: string) =>
        (await feed(cookie, { q: marker, filter })).posts.map((post) => post.title).sort();
      expect(await titles(people.lineTeacher.cookie, 'all')).toEqual(
        [line, staff, school].map((p) => p.title).sort(),
      );
      expect(await titles(people.lineTeacher.cookie, 'school')).toEqual([school.title]);
      expect(await titles(people.lineTeacher.cookie, 'staff')).toEqual([staff.title]);
      expect(await titles(people.lineTeacher.cookie, 'selected')).toEqual([line.title]);
      expect(await titles(people.teacher.cookie, 'mine')).toEqual([staff, school].map((p) => p.title).sort());
      expect(await titles(people.lineTeacher.cookie, 'mine')).toEqual([]);
      expect(await titles(people.lineTeacher.cookie, 'unread')).toEqual(
        [line, staff, school].map((p) => p.title).sort(),
      );
      expect((await read(people.lineTeacher.cookie, staff.id)).status).toBe(204);
      expect(await titles(people.lineTeacher.cookie, 'unread')).toEqual(
        [line, school].map((p) => p.title).sort(),
      );
    });
  });

  describe('reading', () => {
    it('marks read once, confirms when asked, and counts «read N of M» over the current audience', async () => {
      const anne = await member([], { first: 'Anne', last: 'Berg' });
      const orjan = await member([], { first: 'Ørjan', last: 'Dahl' });
      const aase = await member([], { first: 'Åse', last: 'Lie' });
      const zara = await member([], { first: 'Zara', last: 'Holm' });
      const left = await member([], { first: 'Sluttet', last: 'Elev' });
      const screen = await member(['tv']);
      const readingLine = await insertLine(t, schoolId, {
        name: 'Lesing',
        members: [anne.id, orjan.id, aase.id, zara.id, left.id, screen.id, people.teacher.id],
      });
      await db().updateTable('person').set({ left_on: '2020-01-01' }).where('id', '=', left.id).execute();

      const post = await write(people.teacher.cookie, {
        title: 'Husk lesebekreftelse',
        audience: { kind: 'selected', lineIds: [readingLine] },
        requireReadConfirmation: true,
      });
      // Not the author, not the one who has left, not the info screen.
      expect(post.readCount).toEqual({ read: 0, total: 4 });

      expect((await read(anne.cookie, post.id)).status).toBe(204);
      const opened = (await get(anne.cookie, post.id)).body;
      expect(opened.readAt).not.toBeNull();
      expect(opened.confirmedAt).toBeNull();
      expect(opened.readCount).toBeNull();
      // Opened is not confirmed, when the post asks for confirmation.
      expect((await get(people.teacher.cookie, post.id)).body.readCount).toEqual({ read: 0, total: 4 });

      expect((await read(anne.cookie, post.id, true)).status).toBe(204);
      const confirmed = (await get(anne.cookie, post.id)).body;
      expect(confirmed.readAt).toBe(opened.readAt);
      expect(confirmed.confirmedAt).not.toBeNull();
      // Idempotent: the first read and the first confirmation are kept.
      await read(anne.cookie, post.id, true);
      await read(anne.cookie, post.id);
      expect((await get(anne.cookie, post.id)).body).toMatchObject({
        readAt: opened.readAt,
        confirmedAt: confirmed.confirmedAt,
      });
      expect((await get(people.teacher.cookie, post.id)).body.readCount).toEqual({ read: 1, total: 4 });
      expect((await get(admin, post.id)).body.readCount).toEqual({ read: 1, total: 4 });

      const answer = await reads(people.teacher.cookie, post.id);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({
        read: 1,
        total: 4,
        readers: [{ id: anne.id, name: 'Anne Berg', readAt: confirmed.confirmedAt }],
        // As Norwegian sorts: Z before Ø before Å.
        notRead: [
          { id: zara.id, name: 'Zara Holm' },
          { id: orjan.id, name: 'Ørjan Dahl' },
          { id: aase.id, name: 'Åse Lie' },
        ],
      });
      expect((await reads(admin, post.id)).status).toBe(200);
      expectProblem(await reads(anne.cookie, post.id), 403, 'forbidden');
      expectProblem(await reads(people.janitor.cookie, post.id), 404, 'post-not-found');
    });

    it('counts opening as reading when no confirmation is asked, and ignores a confirmation there', async () => {
      const post = await write(people.teacher.cookie, {
        audience: { kind: 'selected', electiveIds: [electiveId] },
      });
      expect(post.readCount).toEqual({ read: 0, total: 1 });
      await read(people.electiveStudent.cookie, post.id, true);
      const mine = (await get(people.electiveStudent.cookie, post.id)).body;
      expect(mine.readAt).not.toBeNull();
      expect(mine.confirmedAt).toBeNull();
      expect((await reads(people.teacher.cookie, post.id)).body).toMatchObject({
        read: 1,
        total: 1,
        readers: [{ id: people.electiveStudent.id, readAt: mine.readAt }],
        notRead: [],
      });
    });

    it('counts staff and the whole school without info screens and the author', async () => {
      const current = async (kind: 'school' | 'staff') => {
        const rows = await db()
          .selectFrom('person')
          .leftJoin('person_role', 'person_role.person_id', 'person.id')
          .select(['person.id', 'person_role.role'])
          .where('person.school_id', '=', schoolId)
          .where('person.left_on', 'is', null)
          .execute();
        const roles = new Map<string, string[]>();
        for (const row of rows)
          roles.set(row.id, [...(roles.get(row.id) ?? []), ...(row.role ? [row.role] : [])]);
        return [...roles].filter(
          ([id, list]) =>
            id !== people.janitor.id &&
            !list.includes('tv') &&
            (kind === 'school' ||
              list.some((role) => ['admin', 'developer', 'teacher', 'janitor', 'kitchen'].includes(role))),
        ).length;
      };
      const school = await write(people.janitor.cookie, { audience: { kind: 'school' } });
      expect(school.readCount).toEqual({ read: 0, total: await current('school') });
      const staff = await write(people.janitor.cookie, { audience: { kind: 'staff' } });
      expect(staff.readCount).toEqual({ read: 0, total: await current('staff') });
    });
  });

  describe('refused input', () => {
    it('answers 400 with a stable code and writes nothing', async () => {
      const otherLine = await insertLine(t, otherSchoolId, { name: 'Nabolinje' });
      const otherFile = await insertArchiveFile(t, otherSchoolId);
      const cases: [string, object, string][] = [
        ['an empty title', postInput({ title: '   ' }), 'validation-failed'],
        ['a title on two lines', postInput({ title: 'to\nlinjer' }), 'validation-failed'],
        ['a title too long', postInput({ title: 'x'.repeat(201) }), 'validation-failed'],
        ['a body over 100 KB', postInput({ body: `<p>${'x'.repeat(101 * 1024)}</p>` }), 'validation-failed'],
        ['no audience', { ...postInput(), audience: undefined }, 'validation-failed'],
        ['an unknown audience kind', postInput({ audience: { kind: 'alle' } as never }), 'validation-failed'],
        ['a selection of nobody', postInput({ audience: { kind: 'selected' } }), 'validation-failed'],
        [
          'an unknown role',
          postInput({ audience: { kind: 'selected', roles: ['tv' as never] } }),
          'validation-failed',
        ],
        [
          'an expiry before publishing',
          postInput({ publishAt: future(7_200_000), expiresAt: future(3_600_000) }),
          'validation-failed',
        ],
        [
          'an expiry that has passed',
          postInput({ expiresAt: new Date(Date.now() - 60_000).toISOString() }),
          'validation-failed',
        ],
        ['a publish time that is not one', postInput({ publishAt: 'i morgen' }), 'validation-failed'],
        [
          'too many attachments',
          postInput({ attachmentIds: Array.from({ length: 21 }, () => randomUUID()) }),
          'validation-failed',
        ],
        ['a NUL character', postInput({ body: '<p>a\u0000b</p>' }), 'invalid-characters'],
        [
          'an unknown line',
          postInput({ audience: { kind: 'selected', lineIds: [randomUUID()] } }),
          'post-target-unknown',
        ],
        [
          'another school’s line',
          postInput({ audience: { kind: 'selected', lineIds: [otherLine] } }),
          'post-target-unknown',
        ],
        [
          'an unknown elective',
          postInput({ audience: { kind: 'selected', electiveIds: [randomUUID()] } }),
          'post-target-unknown',
        ],
        [
          'an unknown group',
          postInput({ audience: { kind: 'selected', groupIds: [randomUUID()] } }),
          'post-target-unknown',
        ],
        ['an unknown attachment', postInput({ attachmentIds: [randomUUID()] }), 'post-attachment-unknown'],
        ['another school’s file', postInput({ attachmentIds: [otherFile] }), 'post-attachment-unknown'],
      ];
      const existing = await write(people.teacher.cookie, { title: 'Uendret' });
      const before = await Promise.all([count('post'), count('post_audience'), count('post_attachment')]);
      const since = new Date().toISOString();
      for (const [what, payload, code] of cases) {
        const created = await t.request({
          method: 'POST',
          url: '/api/v1/posts',
          payload,
          cookie: people.teacher.cookie,
        });
        expect(created.statusCode, `${what}: ${created.body}`).toBe(400);
        expect(String(created.headers['content-type'])).toContain(PROBLEM_CONTENT_TYPE);
        expect(created.json().code, what).toBe(code);
        const changed = await t.request({
          method: 'PUT',
          url: `/api/v1/posts/${existing.id}`,
          payload,
          cookie: people.teacher.cookie,
        });
        expect(changed.statusCode, `PUT ${what}: ${changed.body}`).toBe(400);
        expect(changed.json().code, `PUT ${what}`).toBe(code);
      }
      expect(await Promise.all([count('post'), count('post_audience'), count('post_attachment')])).toEqual(
        before,
      );
      // The runner may meanwhile finish the jobs of earlier posts; no new one was queued.
      const queued = await db().selectFrom('job').select('id').where('created_at', '>=', since).execute();
      expect(queued).toEqual([]);
      expect((await get(people.teacher.cookie, existing.id)).body).toEqual(existing);
    });

    it('names the failing fields', async () => {
      const line = randomUUID();
      const unknown = await create(
        people.teacher.cookie,
        postInput({ audience: { kind: 'selected', lineIds: [lineId, line], groupIds: [groupId] } }),
      );
      expectProblem(unknown, 400, 'post-target-unknown');
      expect((unknown.body as unknown as { errors: unknown[] }).errors).toEqual([
        { path: 'body.audience.lineIds', code: 'invalid', message: `Linjen finnes ikke: ${line}` },
      ]);
      const empty = await create(people.teacher.cookie, postInput({ audience: { kind: 'selected' } }));
      expect(JSON.stringify(empty.body)).toContain('post-audience-empty');
      const expiry = await create(
        people.teacher.cookie,
        postInput({ publishAt: future(7_200_000), expiresAt: future(3_600_000) }),
      );
      expect(JSON.stringify(expiry.body)).toContain('post-expires-before-publish');
    });

    it('refuses a body that is not JSON, and ids in the path that are too long', async () => {
      const response = await t.request({
        method: 'POST',
        url: '/api/v1/posts',
        cookie: people.teacher.cookie,
        headers: { 'content-type': 'application/json' },
        payload: '{"title":',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('invalid-json');
      const long = await get(people.teacher.cookie, 'x'.repeat(201));
      expect(long.status).toBe(400);
    });
  });

  describe('personal data and live updates', () => {
    it('keeps an erased author’s posts with no author, and removes their read marks', async () => {
      const writer = await member(['teacher'], { first: 'Glemt', last: 'Forfatter' });
      const post = await write(writer.cookie, { title: 'Etter meg' });
      const other = await write(people.teacher.cookie);
      await read(writer.cookie, other.id);

      const exported = await t.request({
        method: 'GET',
        url: `/api/v1/people/${writer.id}/privacy-export`,
        cookie: admin,
      });
      expect(exported.statusCode).toBe(200);
      const data = exported.json();
      expect(data.postsWritten).toEqual([
        expect.objectContaining({ id: post.id, title: 'Etter meg', audience: 'school' }),
      ]);
      expect(data.postsRead).toEqual([expect.objectContaining({ postId: other.id })]);

      const erased = await t.request({
        method: 'POST',
        url: `/api/v1/people/${writer.id}/erase`,
        cookie: admin,
        payload: {},
      });
      expect(erased.statusCode, erased.body).toBe(204);
      const kept = await get(people.student.cookie, post.id);
      expect(kept.status).toBe(200);
      expect(kept.body.author).toBeNull();
      expect((await get(admin, post.id)).body.policies).toEqual({ edit: true, delete: true, seeReads: true });
      expect(
        await db().selectFrom('post_read').select('post_id').where('person_id', '=', writer.id).execute(),
      ).toEqual([]);
    });

    it('announces every change on «posts» without ids', async () => {
      const before = await lastLiveEventId(t);
      const post = await write(people.teacher.cookie, { audience: { kind: 'staff' } });
      // Its publish job (kicked at once) announces that it has come out; let it have run.
      await t.ctx.jobs.runDue();
      await put(people.teacher.cookie, post.id, postInput({ audience: { kind: 'staff' } }));
      await read(people.janitor.cookie, post.id);
      const afterRead = await lastLiveEventId(t);
      // Reading again changes nothing, and announces nothing.
      await read(people.janitor.cookie, post.id);
      // (The publish job may meanwhile announce the notifications it made.)
      const posts = async (after: number) =>
        (await liveEventsSince(t, schoolId, after)).filter((event) => event.topic === 'posts');
      expect(await posts(afterRead)).toEqual([]);
      await remove(people.teacher.cookie, post.id);
      // Written, come out, edited, read, deleted.
      expect(await posts(before)).toEqual([
        { topic: 'posts', ids: [] },
        { topic: 'posts', ids: [] },
        { topic: 'posts', ids: [] },
        { topic: 'posts', ids: [] },
        { topic: 'posts', ids: [] },
      ]);
    });
  });

  describe('the publish job', () => {
    it('waits for a scheduled post, and ends for one deleted or told already', async () => {
      const later = future(3_600_000);
      const post = await write(people.teacher.cookie, { publishAt: later });
      expect(await publishPostJob(t.ctx, { postId: post.id })).toEqual({ retryAt: later });
      expect(await publishPostJob(t.ctx, { postId: randomUUID() })).toBeUndefined();
      await db()
        .updateTable('post')
        .set({ notified_at: new Date().toISOString() })
        .where('id', '=', post.id)
        .execute();
      expect(await publishPostJob(t.ctx, { postId: post.id })).toBeUndefined();
    });

    it('queues the expiry job with a post that expires; the job waits for the time, and ends when there is none', async () => {
      const expiresAt = future(7_200_000);
      const post = await write(people.teacher.cookie, { expiresAt });
      const queued = await db()
        .selectFrom('job')
        .select(['run_at', 'payload'])
        .where('kind', '=', 'post.expire')
        .where('payload', 'like', `%${post.id}%`)
        .execute();
      expect(queued.map((job) => [Date.parse(job.run_at), JSON.parse(job.payload)])).toEqual([
        [Date.parse(expiresAt), { postId: post.id }],
      ]);
      expect(await expirePostJob(t.ctx, { postId: post.id })).toEqual({
        retryAt: new Date(expiresAt).toISOString(),
      });
      await put(people.teacher.cookie, post.id, postInput({ title: post.title }));
      expect(await expirePostJob(t.ctx, { postId: post.id })).toBeUndefined();
      expect(await expirePostJob(t.ctx, { postId: randomUUID() })).toBeUndefined();
    });

    it('marks an expired post as told without telling anyone', async () => {
      const post = await write(people.teacher.cookie, {
        publishAt: future(3_600_000),
        expiresAt: future(7_200_000),
      });
      await db()
        .updateTable('post')
        .set({
          publish_at: new Date(Date.now() - 7_200_000).toISOString(),
          expires_at: new Date(Date.now() - 3_600_000).toISOString(),
        })
        .where('id', '=', post.id)
        .execute();
      expect(await publishPostJob(t.ctx, { postId: post.id })).toBeUndefined();
      const row = await db()
        .selectFrom('post')
        .select('notified_at')
        .where('id', '=', post.id)
        .executeTakeFirstOrThrow();
      expect(row.notified_at).not.toBeNull();
      expect(
        await db().selectFrom('notification').select('id').where('source', '=', `post:${post.id}`).execute(),
      ).toEqual([]);
    });
  });

  // These use the notifications module, which tells people in the app (and by e-mail).
  describe('notifying the audience', () => {
    const notified = async (postId: string) =>
      (
        await db()
          .selectFrom('notification')
          .select(['person_id', 'title', 'text', 'link', 'category'])
          .where('source', '=', `post:${postId}`)
          .execute()
      ).sort((a, b) => (a.person_id < b.person_id ? -1 : 1));

    it('notifies the audience once at publish time, and nobody else', async () => {
      const post = await write(people.kitchen.cookie, {
        title: 'Til linjen og gruppen',
        body: `<p>${'Viktig beskjed. '.repeat(30)}</p>`,
        audience: { kind: 'selected', lineIds: [lineId], groupIds: [groupId] },
      });
      await t.ctx.jobs.runDue();
      await publishPostJob(t.ctx, { postId: post.id });
      const rows = await notified(post.id);
      const expected = [people.student.id, people.lineTeacher.id, people.stipp.id];
      const inLine = await db()
        .selectFrom('line_member')
        .select('person_id')
        .where('line_id', '=', lineId)
        .execute();
      for (const row of inLine) if (!expected.includes(row.person_id)) expected.push(row.person_id);
      const current = await db()
        .selectFrom('person')
        .select('id')
        .where('id', 'in', expected)
        .where('left_on', 'is', null)
        .execute();
      expect(rows.map((row) => row.person_id).sort()).toEqual(current.map((row) => row.id).sort());
      for (const row of rows) {
        expect(row).toMatchObject({
          title: 'Til linjen og gruppen',
          link: `/app/posts?post=${post.id}`,
          category: 'posts',
        });
        expect(row.text.length).toBeLessThanOrEqual(200);
        expect(row.text.startsWith('Viktig beskjed.')).toBe(true);
      }
      const notifiedAt = await db()
        .selectFrom('post')
        .select('notified_at')
        .where('id', '=', post.id)
        .executeTakeFirstOrThrow();
      expect(notifiedAt.notified_at).not.toBeNull();
      // Editing does not notify again.
      await put(people.kitchen.cookie, post.id, postInput({ title: 'Endret', audience: { kind: 'school' } }));
      await t.ctx.jobs.runDue();
      expect(await notified(post.id)).toHaveLength(rows.length);
    });

    it('notifies a staff post to staff only, and removes the notifications with the post', async () => {
      const post = await write(people.teacher.cookie, { title: 'Personalmøte', audience: { kind: 'staff' } });
      await t.ctx.jobs.runDue();
      const rows = await notified(post.id);
      const ids = rows.map((row) => row.person_id);
      expect(ids).toContain(people.janitor.id);
      expect(ids).toContain(adminId);
      expect(ids).toContain(people.developer.id);
      for (const outsider of [people.teacher.id, people.student.id, people.stipp.id, people.tv.id]) {
        expect(ids).not.toContain(outsider);
      }
      expect((await remove(people.teacher.cookie, post.id)).status).toBe(204);
      expect(await notified(post.id)).toEqual([]);
    });
  });
});
