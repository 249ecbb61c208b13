/**
 * The demo school: a made-up folk high school with one login per role, and rooms, lines,
 * electives and 120 students with Norwegian names. Later features add their data here. Every demo account has the same password, printed at start.
 */
import { randomUUID } from 'node:crypto';
import type { PersonName, Role } from '@tun/shared';
import { fullName } from '@tun/shared';
import { createCredentialAccount, hashPassword } from '../auth/accounts';
import type { AppContext } from '../context';
import { write } from '../db/write';
import { recordAudit } from '../modules/audit/audit.repository';
import { addRoles, insertPerson } from '../modules/people/people.repository';
import { needsSetup, runSetup } from '../modules/setup/setup.service';
import { DEMO_SIZE, generateSchool } from './generate-school';
import { generateAttendance } from './generate-attendance';
import { generateCases } from './generate-cases';
import { generateDiets } from './generate-diets';
import { generateFiles } from './generate-files';
import { generateFood } from './generate-food';
import { generateLeave } from './generate-leave';
import { generatePosts } from './generate-posts';
import { generateRounds } from './generate-rounds';
import { generateScreens } from './generate-screens';
import { generateTimetable } from './generate-timetable';

export const DEMO_PASSWORD = 'tun-demo-2026';

interface DemoPerson {
  name: PersonName;
  email: string;
  roles: Role[];
  label: string;
}

const ADMIN: DemoPerson = {
  name: { first: 'Ingrid', last: 'Haugland' },
  email: 'rektor@solbakken.example',
  roles: ['admin'],
  label: 'Administrator',
};

const OTHERS: DemoPerson[] = [
  {
    name: { first: 'Magnus', last: 'Eide' },
    email: 'utvikler@solbakken.example',
    roles: ['developer'],
    label: 'Utvikler',
  },
  {
    name: { first: 'Kari', middle: 'Anne', last: 'Nordmann' },
    email: 'laerer@solbakken.example',
    roles: ['teacher'],
    label: 'Lærer',
  },
  {
    name: { first: 'Ola', last: 'Bakken' },
    email: 'vaktmester@solbakken.example',
    roles: ['janitor'],
    label: 'Vaktmester',
  },
  {
    name: { first: 'Sigrid', last: 'Lunde' },
    email: 'kjokken@solbakken.example',
    roles: ['kitchen'],
    label: 'Kjøkkenstab',
  },
  {
    name: { first: 'Jonas', last: 'Strand' },
    email: 'stipendiat@solbakken.example',
    roles: ['stipp'],
    label: 'Stipendiat',
  },
  {
    name: { first: 'Storskjerm', last: 'Kantina' },
    email: 'tv@solbakken.example',
    roles: ['tv'],
    label: 'TV',
  },
  {
    name: { first: 'Emma', middle: 'Louise', last: 'Solberg' },
    email: 'elev@solbakken.example',
    roles: [],
    label: 'Elev',
  },
];

export async function seedDemo(
  ctx: AppContext,
): Promise<{ rolle: string; 'e-post': string; passord: string }[]> {
  if (await needsSetup(ctx.database.db)) {
    const { schoolId, personId } = await runSetup(ctx, {
      school: { shortName: 'Solbakken', longName: 'Solbakken folkehøgskole' },
      admin: { name: ADMIN.name, email: ADMIN.email, password: DEMO_PASSWORD },
    });
    // One hash for the demo people, who share the demo password, made before the writer opens.
    const passwordHash = await hashPassword(ctx.auth, DEMO_PASSWORD);
    const idsByEmail = new Map<string, string>();
    const firstLineId = await write(ctx, schoolId, async (trx, publish) => {
      const school = await generateSchool(trx, schoolId, DEMO_SIZE, 2026, 'solbakken.example');
      await generateTimetable(trx, schoolId, school);
      const [firstLine] = school.lineIds;
      for (const person of OTHERS) {
        const userId = await createCredentialAccount(trx, ctx.database.dialect, {
          email: person.email,
          name: fullName(person.name),
          passwordHash,
        });
        const id = await insertPerson(trx, { schoolId, userId, name: person.name, email: person.email });
        idsByEmail.set(person.email, id);
        await addRoles(trx, schoolId, id, person.roles);
        // The demo teacher teaches the first line, and the demo student is in it.
        if (firstLine && person.roles.includes('teacher')) {
          await trx
            .insertInto('line_staff')
            .values({ line_id: firstLine, person_id: id, school_id: schoolId, kind: 'teacher' })
            .execute();
        }
        if (firstLine && person.roles.length === 0) {
          await trx
            .insertInto('line_member')
            .values({ line_id: firstLine, person_id: id, school_id: schoolId })
            .execute();
          // …and takes two electives, so that their week has afternoon lessons too.
          for (const electiveId of school.electiveIds.slice(0, 2)) {
            await trx
              .insertInto('elective_member')
              .values({ elective_id: electiveId, person_id: id, school_id: schoolId })
              .execute();
          }
        }
        await recordAudit(trx, {
          schoolId,
          actorPersonId: personId,
          action: 'create',
          entity: 'person',
          entityId: id,
          after: { name: person.name, email: person.email, roles: person.roles },
        });
        publish('people', [id]);
      }
      // The last four weeks' attendance, so that sheets, reports and the dashboard have something to show.
      await generateAttendance(trx, schoolId, { weeks: 4, registeredBy: personId });
      // A school by a fjord, with a supervision phone; two temporary groups, one ended.
      await trx
        .updateTable('school')
        .set({ supervision_phone: '+47 57 65 43 21', lat: 61.6, lon: 5.8 })
        .where('id', '=', schoolId)
        .execute();
      const now = new Date().toISOString();
      const groups = [
        { name: 'Turgruppe til Hornelen', end_date: null, members: school.studentIds.slice(0, 12) },
        { name: 'Høstkonsert', end_date: '2026-10-15', members: school.studentIds.slice(12, 30) },
      ];
      for (const group of groups) {
        const groupId = randomUUID();
        await trx
          .insertInto('temp_group')
          .values({
            id: groupId,
            school_id: schoolId,
            name: group.name,
            end_date: group.end_date,
            created_by: personId,
            created_at: now,
            updated_at: now,
          })
          .execute();
        await trx
          .insertInto('temp_group_member')
          .values(
            group.members.map((member) => ({ group_id: groupId, person_id: member, school_id: schoolId })),
          )
          .execute();
        publish('groups', [groupId]);
      }
      publish('school', [schoolId]);
      publish('people', [...school.studentIds, ...school.staffIds]);
      publish('rooms', school.roomIds);
      publish('lines', school.lineIds);
      publish('electives', school.electiveIds);
      return firstLine;
    });
    // Through the upload and post services, after the school exists: bytes go to the store,
    // rows to the database, and the posts' audiences are notified.
    const { tripPhotoId } = await generateFiles(ctx, schoolId, personId);
    const teacherId = idsByEmail.get('laerer@solbakken.example');
    const kitchenId = idsByEmail.get('kjokken@solbakken.example');
    if (firstLineId && teacherId && kitchenId) {
      await generatePosts(ctx, schoolId, {
        adminId: personId,
        teacherId,
        kitchenId,
        lineId: firstLineId,
        tripPhotoId,
      });
    }
    // The dish library and this week's and next week's menus, on the timetable's dining events.
    if (kitchenId) await generateFood(ctx, schoolId, { kitchenId });
    // Students with special diets, and a couple of «Jeg spiser ikke» / «Matpakke» for tomorrow.
    if (kitchenId)
      await generateDiets(ctx, schoolId, {
        kitchenId,
        demoStudentId: idsByEmail.get('elev@solbakken.example'),
      });
    await generateCases(ctx, schoolId, {
      janitorId: idsByEmail.get('vaktmester@solbakken.example') ?? personId,
      teacherId,
      kitchenId,
      demoStudentId: idsByEmail.get('elev@solbakken.example'),
    });
    await generateRounds(ctx, schoolId, {
      janitorId: idsByEmail.get('vaktmester@solbakken.example') ?? personId,
    });
    // Rooms in the houses, a weekend home for a dozen, two applications waiting and tonight's check.
    if (teacherId) {
      await generateLeave(ctx, schoolId, {
        teacherId,
        demoStudentId: idsByEmail.get('elev@solbakken.example'),
        scholarId: idsByEmail.get('stipendiat@solbakken.example'),
      });
    }
    // The three screens, the demo's TV login showing the dining hall's.
    const tvPersonId = idsByEmail.get('tv@solbakken.example');
    if (tvPersonId && teacherId) {
      await generateScreens(ctx, schoolId, { adminId: personId, tvPersonId, teacherId, tripPhotoId });
    }
  }
  return [ADMIN, ...OTHERS].map((person) => ({
    rolle: person.label,
    'e-post': person.email,
    passord: DEMO_PASSWORD,
  }));
}
