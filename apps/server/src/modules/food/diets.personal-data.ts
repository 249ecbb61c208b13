/**
 * Special diets and «Jeg spiser ikke» / «Matpakke» (decision 025). A diet is health data kept
 * only for the kitchen to cook by: it goes when the person leaves (no longer needed) and with
 * erasure, and so do their choices for meals still to come. No record here is one the school
 * must keep, so none is history that stops a plain delete. Who entered someone else's consent
 * or choice is in the export only as a count, and forgotten at erasure; the absence in advance
 * a choice wrote is attendance, which keeps its own rules.
 */
import { todayInSchoolZone } from '@tun/shared';
import type { PersonalData } from '../privacy/personal-data';
import { presentDiet } from './diets.service';
import { countDietsEnteredForOthers, deleteDiet, findDiet, forgetConsentBy } from './diets.repository';
import {
  choicesOfStudent,
  countChoicesMadeForOthers,
  deleteChoicesOf,
  forgetChooser,
} from './meal-choices.repository';

export const dietsPersonalData: PersonalData = {
  name: 'diets',
  columns: { person_diet: ['person_id', 'consent_by'], meal_choice: ['student_id', 'chosen_by'] },
  export: async (db, schoolId, person) => {
    const [diet, choices, dietsEntered, choicesMade] = await Promise.all([
      findDiet(db, schoolId, person.id),
      choicesOfStudent(db, schoolId, person.id),
      countDietsEnteredForOthers(db, schoolId, person.id),
      countChoicesMadeForOthers(db, schoolId, person.id),
    ]);
    return {
      specialDiet: diet ? presentDiet(diet) : null,
      mealChoices: choices.map((row) => ({
        date: row.date,
        meal: row.meal_key,
        choice: row.choice,
        chosenBy: row.chosen_by,
        updatedAt: row.updated_at,
      })),
      specialDietsEnteredForOthers: dietsEntered,
      mealChoicesMadeForOthers: choicesMade,
    };
  },
  leave: async (trx, schoolId, person, publish) => {
    if (await deleteDiet(trx, schoolId, person.id)) publish('diets', [person.id]);
    if (await deleteChoicesOf(trx, schoolId, person.id, todayInSchoolZone())) {
      publish('mealChoices', [person.id]);
      publish('mealCounts', []);
    }
  },
  erase: async (trx, schoolId, person, publish) => {
    if (await deleteDiet(trx, schoolId, person.id)) publish('diets', [person.id]);
    if (await deleteChoicesOf(trx, schoolId, person.id)) {
      publish('mealChoices', [person.id]);
      publish('mealCounts', []);
    }
    const diets = await forgetConsentBy(trx, schoolId, person.id);
    if (diets.length > 0) publish('diets', diets);
    const choices = await forgetChooser(trx, schoolId, person.id);
    if (choices.length > 0) publish('mealChoices', choices);
  },
};
