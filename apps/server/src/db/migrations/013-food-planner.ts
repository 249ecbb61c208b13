import type { Kysely } from 'kysely';

/**
 * The food planner (docs/decisions/025-food-planner.md): the school's dishes with their
 * allergens, the dishes of each meal (a dining event of the calendar, known by date and name),
 * which weeks are published, the students' «Jeg spiser ikke» / «Matpakke», special diets (health
 * data, kept only with consent) and the kitchen's cut-off.
 */
export function foodPlanner() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('dish')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('school_id', 'text', (c) => c.notNull().references('school.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        // JSON arrays of the keys in @tun/shared food.ts.
        .addColumn('allergens', 'text', (c) => c.notNull())
        .addColumn('gluten_cereals', 'text', (c) => c.notNull())
        .addColumn('nuts', 'text', (c) => c.notNull())
        .addColumn('may_contain', 'text', (c) => c.notNull())
        .addColumn('diets', 'text', (c) => c.notNull())
        // Deleted while a menu names it: kept for that menu, hidden from the library.
        .addColumn('archived_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('dish_school_idx').on('dish').columns(['school_id', 'name']).execute();

      // The dishes of a meal: the dining event(s) named `meal_key` (mealKeyOf) on `date`.
      await db.schema
        .createTable('menu_item')
        .addColumn('school_id', 'text', (c) => c.notNull().references('school.id').onDelete('cascade'))
        .addColumn('date', 'text', (c) => c.notNull())
        .addColumn('meal_key', 'text', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('dish_id', 'text', (c) => c.notNull().references('dish.id').onDelete('cascade'))
        .addColumn('course', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('menu_item_pk', ['school_id', 'date', 'meal_key', 'position'])
        .execute();
      await db.schema.createIndex('menu_item_dish_idx').on('menu_item').columns(['dish_id']).execute();

      // A week (its Monday) students may see.
      await db.schema
        .createTable('menu_week')
        .addColumn('school_id', 'text', (c) => c.notNull().references('school.id').onDelete('cascade'))
        .addColumn('week', 'text', (c) => c.notNull())
        .addColumn('published_at', 'text', (c) => c.notNull())
        .addColumn('published_by', 'text', (c) => c.references('person.id').onDelete('set null'))
        .addPrimaryKeyConstraint('menu_week_pk', ['school_id', 'week'])
        .execute();

      // «Jeg spiser ikke» / «Matpakke»; it is absence registered in advance for the dining event too.
      await db.schema
        .createTable('meal_choice')
        .addColumn('school_id', 'text', (c) => c.notNull().references('school.id').onDelete('cascade'))
        .addColumn('date', 'text', (c) => c.notNull())
        .addColumn('meal_key', 'text', (c) => c.notNull())
        .addColumn('student_id', 'text', (c) => c.notNull().references('person.id').onDelete('cascade'))
        .addColumn('choice', 'text', (c) => c.notNull())
        .addColumn('chosen_by', 'text', (c) => c.references('person.id').onDelete('set null'))
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('meal_choice_pk', ['school_id', 'date', 'meal_key', 'student_id'])
        .execute();
      await db.schema
        .createIndex('meal_choice_student_idx')
        .on('meal_choice')
        .columns(['student_id', 'date'])
        .execute();

      // Health data (GDPR art. 9): one row per person who consented.
      await db.schema
        .createTable('person_diet')
        .addColumn('person_id', 'text', (c) => c.primaryKey().references('person.id').onDelete('cascade'))
        .addColumn('school_id', 'text', (c) => c.notNull().references('school.id').onDelete('cascade'))
        .addColumn('allergens', 'text', (c) => c.notNull())
        .addColumn('gluten_cereals', 'text', (c) => c.notNull())
        .addColumn('nuts', 'text', (c) => c.notNull())
        .addColumn('diets', 'text', (c) => c.notNull())
        .addColumn('note', 'text', (c) => c.notNull())
        .addColumn('consent_at', 'text', (c) => c.notNull())
        .addColumn('consent_by', 'text', (c) => c.references('person.id').onDelete('set null'))
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('person_diet_school_idx')
        .on('person_diet')
        .columns(['school_id'])
        .execute();

      await db.schema
        .createTable('food_settings')
        .addColumn('school_id', 'text', (c) => c.primaryKey().references('school.id').onDelete('cascade'))
        .addColumn('choice_cutoff_days_before', 'integer', (c) => c.notNull())
        .addColumn('choice_cutoff_time', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
    },
  };
}
