import {
  ALLERGENS,
  DIETS,
  DIET_NOTE_MAX,
  GLUTEN_CEREALS,
  NUTS,
  type Allergen,
  type Diet,
  type GlutenCereal,
  type Nut,
  type PersonDiet,
  type PersonDietInput,
} from '@tun/shared/food';

/** The diet form's fields: Mantine's checkbox groups hold strings. */
export interface DietFormValues {
  allergens: string[];
  glutenCereals: string[];
  nuts: string[];
  diets: string[];
  note: string;
  consent: boolean;
}

/** What the form can be missing, each with its own message in the catalog. */
export type DietFormProblem =
  'glutenCerealMissing' | 'nutMissing' | 'nothingChosen' | 'noteTooLong' | 'consentMissing';

/**
 * The form starts from what is recorded, with consent unticked: every save is health data given
 * anew, so the person (or whoever enters it for them) confirms consent each time.
 */
export function dietFormValues(diet: PersonDiet | null | undefined): DietFormValues {
  return {
    allergens: [...(diet?.allergens ?? [])],
    glutenCereals: [...(diet?.glutenCereals ?? [])],
    nuts: [...(diet?.nuts ?? [])],
    diets: [...(diet?.diets ?? [])],
    note: diet?.note ?? '',
    consent: false,
  };
}

function within<T extends string>(all: readonly T[], chosen: readonly string[]): T[] {
  return all.filter((value) => chosen.includes(value));
}

/**
 * What is sent: in the regulation's order, and without a cereal or a nut whose allergen was
 * unticked afterwards (the boxes are hidden then, so what they held no longer says anything).
 */
export function dietInputOf(values: DietFormValues): Required<PersonDietInput> {
  const allergens = within<Allergen>(ALLERGENS, values.allergens);
  return {
    allergens,
    glutenCereals: allergens.includes('gluten')
      ? within<GlutenCereal>(GLUTEN_CEREALS, values.glutenCereals)
      : [],
    nuts: allergens.includes('nuts') ? within<Nut>(NUTS, values.nuts) : [],
    diets: within<Diet>(DIETS, values.diets),
    note: values.note.trim(),
    consent: values.consent,
  };
}

/**
 * The browser's checks, by field. The server checks the same (and has the last word); an empty
 * record is refused here only, as there is nothing for the kitchen to know.
 */
export function dietFormProblems(
  values: DietFormValues,
): Partial<Record<keyof DietFormValues, DietFormProblem>> {
  const input = dietInputOf(values);
  const problems: Partial<Record<keyof DietFormValues, DietFormProblem>> = {};
  if (input.allergens.includes('gluten') && input.glutenCereals.length === 0) {
    problems.glutenCereals = 'glutenCerealMissing';
  }
  if (input.allergens.includes('nuts') && input.nuts.length === 0) problems.nuts = 'nutMissing';
  if (input.allergens.length === 0 && input.diets.length === 0 && input.note === '') {
    problems.allergens = 'nothingChosen';
  }
  if (input.note.length > DIET_NOTE_MAX) problems.note = 'noteTooLong';
  if (!values.consent) problems.consent = 'consentMissing';
  return problems;
}

/** The form field a server error's path is about (['allergens'], ['glutenCereals', 0] …). */
export function dietFieldOf(path: readonly string[]): keyof DietFormValues | null {
  const field = path[0];
  const fields: readonly (keyof DietFormValues)[] = [
    'allergens',
    'glutenCereals',
    'nuts',
    'diets',
    'note',
    'consent',
  ];
  return fields.find((candidate) => candidate === field) ?? null;
}
