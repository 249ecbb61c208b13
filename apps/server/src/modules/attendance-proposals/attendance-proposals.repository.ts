import type { Insertable } from 'kysely';
import type { Queryable } from '../../db/database';
import type { AttendanceProposedTable } from '../../db/schema';

export async function findProposal(db: Queryable, schoolId: string, eventId: string) {
  return db
    .selectFrom('event_attend_reg_proposed')
    .selectAll()
    .where('school_id', '=', schoolId)
    .where('event_id', '=', eventId)
    .executeTakeFirst();
}

/** The event's proposed records become exactly `rows`. */
export async function replaceProposedRecords(
  trx: Queryable,
  schoolId: string,
  eventId: string,
  rows: Insertable<AttendanceProposedTable>[],
): Promise<void> {
  await trx
    .deleteFrom('attendance_proposed')
    .where('school_id', '=', schoolId)
    .where('event_id', '=', eventId)
    .execute();
  if (rows.length > 0) await trx.insertInto('attendance_proposed').values(rows).execute();
}

export async function insertProposal(
  trx: Queryable,
  schoolId: string,
  eventId: string,
  registeredBy: string,
  date: string,
): Promise<void> {
  await trx
    .insertInto('event_attend_reg_proposed')
    .values({
      school_id: schoolId,
      event_id: eventId,
      registered_by: registeredBy,
      date,
      approved: 0,
      decided_by: null,
      decided_at: null,
    })
    .execute();
}

export async function resubmitProposal(
  trx: Queryable,
  schoolId: string,
  eventId: string,
  registeredBy: string,
  date: string,
): Promise<void> {
  await trx
    .updateTable('event_attend_reg_proposed')
    .set({ registered_by: registeredBy, date })
    .where('school_id', '=', schoolId)
    .where('event_id', '=', eventId)
    .execute();
}

export async function proposedRecords(db: Queryable, schoolId: string, eventId: string) {
  return db
    .selectFrom('attendance_proposed')
    .select(['student_id', 'manual_status', 'note'])
    .where('school_id', '=', schoolId)
    .where('event_id', '=', eventId)
    .execute();
}

export async function markRecordsApproved(trx: Queryable, schoolId: string, eventId: string, now: string) {
  await trx
    .updateTable('attendance_proposed')
    .set({ approved: 1, updated_at: now })
    .where('school_id', '=', schoolId)
    .where('event_id', '=', eventId)
    .execute();
}

export async function setDecision(
  trx: Queryable,
  schoolId: string,
  eventId: string,
  decision: { approved: boolean; decidedBy: string; decidedAt: string },
) {
  await trx
    .updateTable('event_attend_reg_proposed')
    .set({
      approved: decision.approved ? 1 : 0,
      decided_by: decision.decidedBy,
      decided_at: decision.decidedAt,
    })
    .where('school_id', '=', schoolId)
    .where('event_id', '=', eventId)
    .execute();
}

/** Proposals in a state, newest first, at most 500; `registeredBy` limits them to one scholar's. */
export async function findProposals(
  db: Queryable,
  schoolId: string,
  filter: { state: 'pending' | 'approved' | 'rejected' | 'all'; registeredBy?: string },
) {
  let query = db.selectFrom('event_attend_reg_proposed').selectAll().where('school_id', '=', schoolId);
  if (filter.registeredBy !== undefined) query = query.where('registered_by', '=', filter.registeredBy);
  if (filter.state === 'pending') query = query.where('decided_at', 'is', null);
  if (filter.state === 'approved') query = query.where('approved', '=', 1);
  if (filter.state === 'rejected')
    query = query.where('decided_at', 'is not', null).where('approved', '=', 0);
  return query.orderBy('date', 'desc').limit(500).execute();
}

export async function proposedRecordsOf(db: Queryable, schoolId: string, eventIds: readonly string[]) {
  return db
    .selectFrom('attendance_proposed')
    .select(['event_id', 'student_id', 'manual_status', 'note', 'event_start'])
    .where('school_id', '=', schoolId)
    .where('event_id', 'in', [...eventIds])
    .execute();
}

/** What the privacy export shows of a person's proposals: as student, proposer and decider. */
export async function proposalsOfPerson(db: Queryable, schoolId: string, personId: string) {
  return Promise.all([
    db
      .selectFrom('attendance_proposed')
      .selectAll()
      .where('school_id', '=', schoolId)
      .where('student_id', '=', personId)
      .orderBy('event_start')
      .execute(),
    db
      .selectFrom('event_attend_reg_proposed')
      .selectAll()
      .where('school_id', '=', schoolId)
      .where('registered_by', '=', personId)
      .orderBy('date')
      .execute(),
    db
      .selectFrom('event_attend_reg_proposed')
      .select(['event_id', 'approved', 'decided_at'])
      .where('school_id', '=', schoolId)
      .where('decided_by', '=', personId)
      .orderBy('decided_at')
      .execute(),
  ]);
}

export async function anyProposalOf(db: Queryable, schoolId: string, personId: string): Promise<boolean> {
  const proposed = await db
    .selectFrom('attendance_proposed')
    .select('id')
    .where('school_id', '=', schoolId)
    .where((eb) =>
      eb.or([
        eb('student_id', '=', personId),
        eb('registered_by', '=', personId),
        eb('preliminary_by', '=', personId),
      ]),
    )
    .limit(1)
    .executeTakeFirst();
  if (proposed) return true;
  const registration = await db
    .selectFrom('event_attend_reg_proposed')
    .select('event_id')
    .where('school_id', '=', schoolId)
    .where((eb) => eb.or([eb('registered_by', '=', personId), eb('decided_by', '=', personId)]))
    .limit(1)
    .executeTakeFirst();
  return registration !== undefined;
}

export async function clearProposedNotesOf(
  trx: Queryable,
  schoolId: string,
  studentId: string,
): Promise<void> {
  await trx
    .updateTable('attendance_proposed')
    .set({ note: null })
    .where('school_id', '=', schoolId)
    .where('student_id', '=', studentId)
    .where('note', 'is not', null)
    .execute();
}
