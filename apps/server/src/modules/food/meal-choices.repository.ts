import type { Queryable } from '../../db/database';
import type { MealChoiceTable } from '../../db/schema';

interface ChoiceKey {
  schoolId: string;
  date: string;
  mealKey: string;
  studentId: string;
}

export async function findChoice(db: Queryable, key: ChoiceKey) {
  return db
    .selectFrom('meal_choice')
    .selectAll()
    .where('school_id', '=', key.schoolId)
    .where('date', '=', key.date)
    .where('meal_key', '=', key.mealKey)
    .where('student_id', '=', key.studentId)
    .executeTakeFirst();
}

/** One statement: of two choices at once, the later replaces the earlier. */
export async function putChoice(trx: Queryable, row: MealChoiceTable): Promise<void> {
  await trx
    .insertInto('meal_choice')
    .values(row)
    .onConflict((conflict) =>
      conflict.columns(['school_id', 'date', 'meal_key', 'student_id']).doUpdateSet({
        choice: row.choice,
        chosen_by: row.chosen_by,
        updated_at: row.updated_at,
      }),
    )
    .execute();
}

export async function deleteChoice(trx: Queryable, key: ChoiceKey): Promise<void> {
  await trx
    .deleteFrom('meal_choice')
    .where('school_id', '=', key.schoolId)
    .where('date', '=', key.date)
    .where('meal_key', '=', key.mealKey)
    .where('student_id', '=', key.studentId)
    .execute();
}

/** The choices of the school dates `from`…`to`, of one student or of everyone. */
export async function choicesBetween(
  db: Queryable,
  schoolId: string,
  range: { from: string; to: string },
  studentId?: string,
) {
  let query = db
    .selectFrom('meal_choice')
    .select(['date', 'meal_key', 'student_id', 'choice', 'chosen_by'])
    .where('school_id', '=', schoolId)
    .where('date', '>=', range.from)
    .where('date', '<=', range.to);
  if (studentId !== undefined) query = query.where('student_id', '=', studentId);
  return query.execute();
}

// --- Personal data ---------------------------------------------------------------------------

export async function choicesOfStudent(db: Queryable, schoolId: string, studentId: string) {
  return db
    .selectFrom('meal_choice')
    .select(['date', 'meal_key', 'choice', 'chosen_by', 'updated_at'])
    .where('school_id', '=', schoolId)
    .where('student_id', '=', studentId)
    .orderBy('date')
    .orderBy('meal_key')
    .execute();
}

/** How many of other students' choices the person made (the kitchen, an admin). */
export async function countChoicesMadeForOthers(
  db: Queryable,
  schoolId: string,
  personId: string,
): Promise<number> {
  const row = await db
    .selectFrom('meal_choice')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('school_id', '=', schoolId)
    .where('chosen_by', '=', personId)
    .where('student_id', '<>', personId)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** The student's choices from `fromDate` on (all of them without it); whether there were any. */
export async function deleteChoicesOf(
  trx: Queryable,
  schoolId: string,
  studentId: string,
  fromDate?: string,
): Promise<boolean> {
  let query = trx
    .deleteFrom('meal_choice')
    .where('school_id', '=', schoolId)
    .where('student_id', '=', studentId);
  if (fromDate !== undefined) query = query.where('date', '>=', fromDate);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Others' choices the person made no longer say by whom; the students whose they were. */
export async function forgetChooser(trx: Queryable, schoolId: string, personId: string): Promise<string[]> {
  const rows = await trx
    .updateTable('meal_choice')
    .set({ chosen_by: null })
    .where('school_id', '=', schoolId)
    .where('chosen_by', '=', personId)
    .returning('student_id')
    .execute();
  return [...new Set(rows.map((row) => row.student_id))];
}
