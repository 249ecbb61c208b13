/**
 * The demo school's leave and house (docs/decisions/027-leave-and-the-house.md): every student
 * and scholar has a room, two or three to a room in three houses; the coming weekend (Friday
 * 15:00 to Sunday 18:00) a dozen students go home, approved by a teacher of their line; two
 * applications wait for a decision (a day at the hospital, a school trip); and tonight's evening
 * check is done, most students «Inne» and two «Ikke inne». Written straight to the tables, in
 * bulk: an approved leave is read as absence in advance where it is read, and the weekend has no
 * attendance written yet.
 */
import { randomUUID } from 'node:crypto';
import {
  addDays,
  schoolTimeToInstant,
  todayInSchoolZone,
  weekDayIndex,
  type LeaveCategory,
} from '@tun/shared';
import type { Insertable } from 'kysely';
import type { AppContext } from '../context';
import type { HouseCheckTable, LeaveApplicationTable } from '../db/schema';
import { write } from '../db/write';
import { houseTonight } from '../modules/house/house.service';
import { HOUSES } from './generate-school';

const HOUR_MS = 3_600_000;

/** Why they go home, and what the teacher answered; a phone when they are not reached on their own. */
const WEEKEND: { reason: string; comment: string; phone: string | null }[] = [
  { reason: 'Hjem til familien i helgen.', comment: 'God tur hjem!', phone: null },
  { reason: 'Bursdagen til mormor på lørdag.', comment: '', phone: '+47 915 20 431' },
  { reason: 'Konfirmasjonen til lillebroren min.', comment: 'Kos dere!', phone: null },
  { reason: 'Skal på kamp med fotballaget hjemme.', comment: '', phone: null },
  { reason: 'Hjem og henter vinterklær.', comment: 'Husk brodder til turen neste uke.', phone: null },
  { reason: 'Besøker søsteren min i Bergen.', comment: '', phone: '+47 934 77 120' },
  { reason: 'Hjem i helgen, har ikke vært hjemme siden august.', comment: '', phone: null },
  { reason: 'Familieselskap hos besteforeldrene.', comment: 'God helg!', phone: '+47 481 33 905' },
  { reason: 'Skal kjøre opp til førerprøven mandag morgen.', comment: 'Lykke til!', phone: null },
  { reason: 'Hjem til familien.', comment: '', phone: null },
  { reason: 'Bryllupet til tanta mi.', comment: 'Gratulerer til familien!', phone: '+47 976 10 288' },
  { reason: 'Hjem og hjelper til på gården i helgen.', comment: '', phone: null },
];

export async function generateLeave(
  ctx: AppContext,
  schoolId: string,
  people: { teacherId: string; demoStudentId?: string | undefined; scholarId?: string | undefined },
): Promise<void> {
  const db = ctx.database.db;
  const now = Date.now();
  const today = todayInSchoolZone(new Date(now));
  // The coming weekend: this week's Friday, or next week's from Saturday on.
  const friday = addDays(today, (4 - weekDayIndex(today) + 7) % 7);
  const at = (date: string, time: string) => new Date(schoolTimeToInstant(date, time)).toISOString();

  // The students and scholars (no roles, or only stipp), by name; the demo's logins apart.
  const roles = await db
    .selectFrom('person_role')
    .select(['person_id', 'role'])
    .where('school_id', '=', schoolId)
    .execute();
  const staff = new Set(roles.filter((row) => row.role !== 'stipp').map((row) => row.person_id));
  const residents = (
    await db
      .selectFrom('person')
      .select(['id', 'room'])
      .where('school_id', '=', schoolId)
      .where('left_on', 'is', null)
      .orderBy('last_name')
      .orderBy('first_name')
      .orderBy('id')
      .execute()
  ).filter((row) => !staff.has(row.id));
  const logins = new Set([people.demoStudentId, people.scholarId]);
  const scholars = new Set(roles.filter((row) => row.role === 'stipp').map((row) => row.person_id));
  const students = residents.filter((row) => !logins.has(row.id) && !scholars.has(row.id));

  // The teachers of each student's line: the one who approves their leave.
  const lineTeachers = await db
    .selectFrom('line_member')
    .innerJoin('line_staff', (join) =>
      join.onRef('line_staff.line_id', '=', 'line_member.line_id').on('line_staff.kind', '=', 'teacher'),
    )
    .select(['line_member.person_id', 'line_staff.person_id as teacher_id'])
    .where('line_member.school_id', '=', schoolId)
    .orderBy('line_staff.person_id')
    .execute();
  const teacherOf = new Map<string, string>();
  for (const row of lineTeachers)
    if (!teacherOf.has(row.person_id)) teacherOf.set(row.person_id, row.teacher_id);

  // Every third student goes home for the weekend, a dozen in all; two others apply for the week after.
  const weekendStudents = students.filter((_, index) => index % 3 === 1).slice(0, WEEKEND.length);
  const [medicalStudent, tripStudent] = students.filter((_, index) => index % 3 === 2);

  const applied = new Date(now - 3 * 24 * HOUR_MS).toISOString();
  const decided = new Date(now - 2 * 24 * HOUR_MS).toISOString();
  const application = (
    studentId: string,
    fields: {
      start: string;
      end: string;
      category: LeaveCategory;
      reason: string;
      sleepsAway: boolean;
      phone: string | null;
    },
  ): Insertable<LeaveApplicationTable> => ({
    id: randomUUID(),
    school_id: schoolId,
    student_id: studentId,
    start_at: fields.start,
    end_at: fields.end,
    category: fields.category,
    reason: fields.reason,
    sleeps_away: fields.sleepsAway ? 1 : 0,
    phone: fields.phone,
    status: 'pending',
    created_at: applied,
    updated_at: applied,
    decided_by: null,
    decided_at: null,
    comment: '',
  });
  const leaves: Insertable<LeaveApplicationTable>[] = weekendStudents.map((student, index) => {
    const { reason, comment, phone } = WEEKEND[index]!;
    return {
      ...application(student.id, {
        start: at(friday, '15:00'),
        end: at(addDays(friday, 2), '18:00'),
        category: 'home',
        reason,
        sleepsAway: true,
        phone,
      }),
      status: 'approved',
      updated_at: decided,
      decided_by: teacherOf.get(student.id) ?? people.teacherId,
      decided_at: decided,
      comment,
    };
  });
  if (medicalStudent) {
    leaves.push(
      application(medicalStudent.id, {
        start: at(addDays(friday, 4), '09:30'),
        end: at(addDays(friday, 4), '14:00'),
        category: 'medical',
        reason: 'Time hos ortoped på Førde sentralsjukehus etter kneskaden.',
        sleepsAway: false,
        phone: null,
      }),
    );
  }
  if (tripStudent) {
    leaves.push(
      application(tripStudent.id, {
        start: at(addDays(friday, 5), '07:30'),
        end: at(addDays(friday, 6), '20:00'),
        category: 'school',
        reason: 'Representerer elevrådet på elevrådssamlingen for folkehøgskolene i Oslo.',
        sleepsAway: true,
        phone: '+47 917 44 210',
      }),
    );
  }

  // Those without a room move in with two others: the demo's logins and the scholars.
  const occupants = new Map<string, number>();
  for (const row of residents) if (row.room) occupants.set(row.room, (occupants.get(row.room) ?? 0) + 1);
  const roomsWithSpace = [...occupants].filter(([, count]) => count < 3).map(([room]) => room);
  const homeless = residents.filter((row) => !row.room);

  await write(ctx, schoolId, async (trx, publish) => {
    for (const [index, row] of homeless.entries()) {
      const room = roomsWithSpace[index] ?? `${HOUSES[0]} ${100 + index}`;
      await trx.updateTable('person').set({ room }).where('id', '=', row.id).execute();
    }
    if (homeless.length > 0)
      publish(
        'people',
        homeless.map((row) => row.id),
      );
    if (leaves.length > 0) await trx.insertInto('leave_application').values(leaves).execute();
    publish(
      'leave',
      leaves.map((row) => row.student_id),
    );
  });

  // Tonight's evening check by the teacher on duty, of those the house list has tonight: all
  // «Inne» but two «Ikke inne», one after the other through the house. Before the evening, as of now.
  const house = await houseTonight(db, { schoolId, personId: people.teacherId, roles: ['teacher'] });
  const checkedUntil = Date.parse(house.at);
  const evening = Math.min(schoolTimeToInstant(house.night, '22:00'), checkedUntil);
  const middle = Math.floor(house.people.length / 2);
  const checks: HouseCheckTable[] = house.people.map((person, index) => ({
    school_id: schoolId,
    night: house.night,
    person_id: person.personId,
    status: index === middle || index === middle + 7 ? 'out' : 'in',
    checked_at: new Date(Math.min(evening + index * 15_000, checkedUntil)).toISOString(),
    checked_by: people.teacherId,
  }));
  await write(ctx, schoolId, async (trx, publish) => {
    for (let index = 0; index < checks.length; index += 200) {
      await trx
        .insertInto('house_check')
        .values(checks.slice(index, index + 200))
        .execute();
    }
    publish(
      'house',
      checks.map((check) => check.person_id),
    );
  });
}
