import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERASED_PERSON_LABEL } from '@tun/shared';
import { nowIso } from '../src/db/database';
import { write } from '../src/db/write';
import { recordAudit } from '../src/modules/audit/audit.repository';
import { createPerson, createSchool, insertLine, login, setupSchool } from './factories';
import { createTestApp, dialects, type TestApp } from './helper';

describe.each(dialects())('privacy on %s', (dialect) => {
  let t: TestApp;
  let schoolId: string;
  let adminId: string;
  let adminCookie: string;
  let lineId: string;
  let otherLineId: string;

  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { LOGIN_RATE_LIMIT: '1000' } });
    ({ schoolId, adminId, adminCookie } = await setupSchool(t));
    lineId = await insertLine(t, schoolId, { name: 'Friluftsliv', shortName: 'FRI' });
    otherLineId = await insertLine(t, schoolId, { name: 'Musikk', shortName: 'MUS' });
  });
  afterAll(() => t.close());

  const db = () => t.ctx.database.db;

  /** A student with a login, a named identity, memberships, a link and audit history. */
  async function richPerson(name = { first: 'Kari', middle: 'Anne', last: 'Nordmann' }) {
    const { personId, email } = await createPerson(t, schoolId, { roles: ['stipp'], login: true });
    const feideId = `${name.first.toLowerCase()}.feide@skole.no`;
    const electiveId = randomUUID();
    const groupId = randomUUID();
    const now = nowIso();
    await write(t.ctx, schoolId, async (trx) => {
      await trx
        .updateTable('person')
        .set({
          first_name: name.first,
          middle_name: name.middle,
          last_name: name.last,
          phone: '912 34 567',
          room: 'Hybel 7',
          feide_id: feideId,
        })
        .where('id', '=', personId)
        .execute();
      await trx
        .insertInto('line_member')
        .values({ line_id: lineId, person_id: personId, school_id: schoolId })
        .execute();
      await trx
        .insertInto('line_staff')
        .values({ line_id: otherLineId, person_id: personId, school_id: schoolId, kind: 'assistant' })
        .execute();
      await trx
        .insertInto('elective')
        .values({
          id: electiveId,
          school_id: schoolId,
          name: 'Klatring',
          color: 'red',
          main_room_id: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
      await trx
        .insertInto('elective_member')
        .values({ elective_id: electiveId, person_id: personId, school_id: schoolId })
        .execute();
      await trx
        .insertInto('temp_group')
        .values({
          id: groupId,
          school_id: schoolId,
          name: 'Turgruppe',
          end_date: null,
          created_by: personId,
          created_at: now,
          updated_at: now,
        })
        .execute();
      await trx
        .insertInto('temp_group_member')
        .values({ group_id: groupId, person_id: personId, school_id: schoolId })
        .execute();
      await trx
        .insertInto('password_link')
        .values({
          token_hash: `hash-${personId}`,
          person_id: personId,
          school_id: schoolId,
          expires_at: now,
          used_at: null,
          created_at: now,
        })
        .execute();
      await trx
        .updateTable('school')
        .set({ current_supervision: personId })
        .where('id', '=', schoolId)
        .execute();
      await recordAudit(trx, {
        schoolId,
        actorPersonId: adminId,
        action: 'update',
        entity: 'person',
        entityId: personId,
        before: {
          name: { first: name.first, last: name.last.slice(0, -1) },
          email,
          phone: '912 34 567',
          feideId: null,
        },
        after: { name, email, phone: '912 34 567', feideId, memberOf: [lineId] },
      });
      // Someone else's entry that names her among others.
      await recordAudit(trx, {
        schoolId,
        actorPersonId: adminId,
        action: 'update',
        entity: 'line',
        entityId: lineId,
        after: {
          assistants: [personId],
          note: `${name.first} ${name.middle[0]}. ${name.last}`,
          others: ['Ola Hansen'],
          contact: email,
        },
      });
      await recordAudit(trx, {
        schoolId,
        actorPersonId: personId,
        action: 'create',
        entity: 'temp_group',
        entityId: groupId,
        after: { name: 'Turgruppe' },
      });
    });
    const cookie = await login(t, email);
    return { personId, email, electiveId, groupId, cookie };
  }

  const exportOf = (personId: string, cookie = adminCookie) =>
    t.request({ method: 'GET', url: `/api/v1/people/${personId}/privacy-export`, cookie });
  const erase = (personId: string, cookie = adminCookie) =>
    t.request({ method: 'POST', url: `/api/v1/people/${personId}/erase`, cookie, payload: {} });

  describe('export', () => {
    it('gives everything Tun stores about the person as a JSON attachment, without secrets', async () => {
      const { personId, email, electiveId, groupId } = await richPerson({
        first: 'Åse',
        middle: 'Marie',
        last: 'Ødegård',
      });
      const response = await exportOf(personId);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(response.headers['content-disposition']).toMatch(
        /^attachment; filename="tun-personopplysninger-ase-marie-odegard-\d{4}-\d{2}-\d{2}\.json"$/,
      );
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['cache-control']).toBe('no-store');
      const data = response.json();
      expect(data).toMatchObject({
        format: 'tun-personopplysninger/1',
        school: { id: schoolId, shortName: 'Fjordtun' },
        person: {
          id: personId,
          name: { first: 'Åse', middle: 'Marie', last: 'Ødegård' },
          email,
          phone: '912 34 567',
          room: 'Hybel 7',
          feideId: 'åse.feide@skole.no',
        },
        roles: [{ role: 'stipp', label: 'Stipendiat' }],
        lines: [{ id: lineId, name: 'Friluftsliv', shortName: 'FRI' }],
        lineStaff: [{ lineId: otherLineId, lineName: 'Musikk', kind: 'assistant' }],
        electives: [{ id: electiveId, name: 'Klatring' }],
        temporaryGroups: [{ id: groupId, name: 'Turgruppe', endDate: null }],
        temporaryGroupsCreated: [{ id: groupId, name: 'Turgruppe' }],
        isCurrentSupervisor: true,
        account: { email },
      });
      expect(data.sessions.length).toBeGreaterThan(0);
      expect(Object.keys(data.sessions[0]).sort()).toEqual([
        'createdAt',
        'expiresAt',
        'ipAddress',
        'updatedAt',
        'userAgent',
      ]);
      expect(data.passwordLinks).toHaveLength(1);
      expect(Object.keys(data.passwordLinks[0]).sort()).toEqual(['createdAt', 'expiresAt', 'usedAt']);
      // Signing in is recorded on the person, by the person, with how they signed in.
      const signIns = {
        action: 'sign-in',
        entity: 'person',
        entityId: personId,
        after: { method: 'password' },
      };
      type Entry = { action: string; after: { name?: unknown } };
      const aboutPerson = data.auditAboutPerson.filter((entry: Entry) => entry.action !== 'sign-in');
      expect(aboutPerson.map((entry: Entry) => entry.action)).toEqual(['update']);
      expect(aboutPerson[0].after.name).toEqual({ first: 'Åse', middle: 'Marie', last: 'Ødegård' });
      expect(data.auditAboutPerson).toContainEqual(expect.objectContaining(signIns));
      expect(data.auditByPerson).toHaveLength(2);
      expect(data.auditByPerson).toContainEqual(expect.objectContaining(signIns));
      expect(data.auditByPerson).toContainEqual(
        expect.objectContaining({ action: 'create', entity: 'temp_group', entityId: groupId }),
      );

      const tokens = await db().selectFrom('session').select('token').execute();
      for (const { token } of tokens) expect(response.body).not.toContain(token);
      expect(response.body).not.toContain(`hash-${personId}`);
      expect(response.body).not.toMatch(/"(password|token|tokenHash|token_hash)":/);

      const audited = await db()
        .selectFrom('audit_log')
        .select(['actor_person_id'])
        .where('entity_id', '=', personId)
        .where('action', '=', 'privacy-export')
        .execute();
      expect(audited).toEqual([{ actor_person_id: adminId }]);
    });
  });

  describe('erasure', () => {
    it('leaves a nameless row, removes their account, sessions and memberships but the line, and pseudonymises the audit', async () => {
      const { personId, email, electiveId, groupId, cookie } = await richPerson();
      const userId = (
        await db().selectFrom('person').select('user_id').where('id', '=', personId).executeTakeFirstOrThrow()
      ).user_id!;
      const unrelated = await db()
        .selectFrom('audit_log')
        .selectAll()
        .where('entity_id', '!=', personId)
        .where('entity', '!=', 'line')
        .execute();
      const lastEvent = Number(
        (
          await db()
            .selectFrom('live_event')
            .select((eb) => eb.fn.max('id').as('id'))
            .executeTakeFirst()
        )?.id ?? 0,
      );

      const response = await erase(personId);
      expect(response.statusCode, response.body).toBe(204);

      // What remains keeps the school's records pointing at someone, and names nobody.
      const remains = await db()
        .selectFrom('person')
        .selectAll()
        .where('id', '=', personId)
        .executeTakeFirstOrThrow();
      expect(remains).toMatchObject({
        first_name: 'Slettet',
        middle_name: null,
        last_name: 'bruker',
        email: null,
        phone: null,
        room: null,
        feide_id: null,
        user_id: null,
        user_mutable_data: '{}',
      });
      expect(remains.erased_at).not.toBeNull();
      expect(remains.left_on).not.toBeNull();
      // The line's report sums its members' records, so the membership stays.
      expect(
        await db().selectFrom('line_member').select('line_id').where('person_id', '=', personId).execute(),
      ).toEqual([{ line_id: lineId }]);
      for (const table of [
        'person_role',
        'line_staff',
        'elective_member',
        'temp_group_member',
        'password_link',
      ] as const) {
        expect(
          await db().selectFrom(table).selectAll().where('person_id', '=', personId).execute(),
          table,
        ).toEqual([]);
      }
      expect(await db().selectFrom('user').selectAll().where('id', '=', userId).execute()).toEqual([]);
      expect(await db().selectFrom('account').selectAll().where('userId', '=', userId).execute()).toEqual([]);
      expect(await db().selectFrom('session').selectAll().where('userId', '=', userId).execute()).toEqual([]);
      expect((await t.request({ method: 'GET', url: '/api/v1/session', cookie })).statusCode).toBe(401);
      await expect(login(t, email)).rejects.toThrow();

      // What the school keeps: the group and the line, without her.
      const group = await db()
        .selectFrom('temp_group')
        .selectAll()
        .where('id', '=', groupId)
        .executeTakeFirstOrThrow();
      expect(group.created_by).toBeNull();
      expect(
        await db().selectFrom('elective').select('id').where('id', '=', electiveId).execute(),
      ).toHaveLength(1);
      const school = await db()
        .selectFrom('school')
        .selectAll()
        .where('id', '=', schoolId)
        .executeTakeFirstOrThrow();
      expect(school.current_supervision).toBeNull();

      const about = await db()
        .selectFrom('audit_log')
        .selectAll()
        .where('entity_id', '=', personId)
        .orderBy('at')
        .execute();
      const text = JSON.stringify(about);
      for (const secret of ['Kari', 'Nordmann', 'Nordman', email, '912 34 567', 'Hybel 7', 'kari.feide']) {
        expect(text).not.toContain(secret);
      }
      const update = about.find((entry) => entry.action === 'update')!;
      expect(JSON.parse(update.after!)).toEqual({
        name: { first: 'Slettet', last: 'bruker' },
        email: null,
        phone: null,
        feideId: null,
        memberOf: [lineId],
      });
      expect(JSON.parse(update.before!).name).toEqual({ first: 'Slettet', last: 'bruker' });
      const erased = about.find((entry) => entry.action === 'erase')!;
      expect(erased.actor_person_id).toBe(adminId);
      expect(JSON.parse(erased.after!)).toEqual({ erased: true, hadAccount: true });

      const lineEntry = await db()
        .selectFrom('audit_log')
        .selectAll()
        .where('entity', '=', 'line')
        .where('after', 'like', `%${personId}%`)
        .executeTakeFirstOrThrow();
      expect(JSON.parse(lineEntry.after!)).toEqual({
        assistants: [personId],
        note: ERASED_PERSON_LABEL,
        others: ['Ola Hansen'],
        contact: ERASED_PERSON_LABEL,
      });
      // Entries that never named her are untouched; her id as actor stays as a pseudonym.
      for (const entry of unrelated) {
        const now = await db()
          .selectFrom('audit_log')
          .selectAll()
          .where('id', '=', entry.id)
          .executeTakeFirstOrThrow();
        expect(now).toEqual(entry);
      }

      const events = await db()
        .selectFrom('live_event')
        .select(['topic', 'ids'])
        .where('id', '>', lastEvent)
        .execute();
      const topics = Object.fromEntries(events.map((event) => [event.topic, JSON.parse(event.ids)]));
      expect(topics).toMatchObject({
        people: [personId],
        electives: [electiveId],
        groups: [groupId],
        school: [schoolId],
      });
      expect([...topics.lines].sort()).toEqual([lineId, otherLineId].sort());
    });

    it('erases a person without a login', async () => {
      const { personId } = await createPerson(t, schoolId);
      expect((await erase(personId)).statusCode).toBe(204);
      expect((await exportOf(personId)).statusCode).toBe(404);
      expect((await erase(personId)).statusCode).toBe(404);
    });

    it('refuses to erase oneself, and the last admin', async () => {
      const self = await erase(adminId);
      expect(self.statusCode).toBe(409);
      expect(self.json()).toMatchObject({
        code: 'erase-self',
        title: 'Du kan ikke slette dine egne personopplysninger.',
      });

      // A developer acts as an admin but is not one: the school would be left without admins.
      const { email } = await createPerson(t, schoolId, { roles: ['developer'], login: true });
      const developerCookie = await login(t, email);
      const last = await erase(adminId, developerCookie);
      expect(last.statusCode).toBe(409);
      expect(last.json().code).toBe('last-admin');
      expect(await db().selectFrom('person').select('id').where('id', '=', adminId).execute()).toHaveLength(
        1,
      );

      const { personId: secondAdmin } = await createPerson(t, schoolId, { roles: ['admin'], login: true });
      expect((await erase(secondAdmin, developerCookie)).statusCode).toBe(204);
    });

    it("answers 404 for another school's person, and changes nothing there", async () => {
      const { personId } = await createPerson(t, schoolId);
      const otherSchool = await createSchool(t);
      const { email } = await createPerson(t, otherSchool, { roles: ['admin'], login: true });
      const otherCookie = await login(t, email);
      const exported = await exportOf(personId, otherCookie);
      expect(exported.statusCode).toBe(404);
      expect(exported.body).not.toContain(personId);
      expect((await erase(personId, otherCookie)).statusCode).toBe(404);
      expect(await db().selectFrom('person').select('id').where('id', '=', personId).execute()).toHaveLength(
        1,
      );
    });

    it('is for admins only', async () => {
      const { personId } = await createPerson(t, schoolId);
      const { email } = await createPerson(t, schoolId, { roles: ['teacher'], login: true });
      const cookie = await login(t, email);
      expect((await exportOf(personId, cookie)).statusCode).toBe(403);
      expect((await erase(personId, cookie)).statusCode).toBe(403);
    });
  });
});
