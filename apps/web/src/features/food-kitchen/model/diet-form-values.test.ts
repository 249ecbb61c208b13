import { describe, expect, it } from 'vitest';
import { dietFieldOf, dietFormProblems, dietFormValues, dietInputOf } from './diet-form-values';

describe('diet form values', () => {
  it('starts from the recorded diet with consent unticked', () => {
    const values = dietFormValues({
      personId: 'p',
      allergens: ['milk'],
      glutenCereals: [],
      nuts: [],
      diets: ['halal'],
      note: 'Alvorlig',
      consentAt: '2026-11-24T08:00:00.000Z',
      consentBy: 'p',
      updatedAt: '2026-11-24T08:00:00.000Z',
    });
    expect(values).toEqual({
      allergens: ['milk'],
      glutenCereals: [],
      nuts: [],
      diets: ['halal'],
      note: 'Alvorlig',
      consent: false,
    });
  });

  it('sends the regulation’s order and drops the cereal or nut of an unticked allergen', () => {
    expect(
      dietInputOf({
        allergens: ['milk', 'gluten', 'bogus'],
        glutenCereals: ['oats', 'wheat'],
        nuts: ['almond'],
        diets: ['vegan', 'vegetarian'],
        note: '  kiwi  ',
        consent: true,
      }),
    ).toEqual({
      allergens: ['gluten', 'milk'],
      glutenCereals: ['wheat', 'oats'],
      nuts: [],
      diets: ['vegetarian', 'vegan'],
      note: 'kiwi',
      consent: true,
    });
  });

  it('asks for consent, the cereal, the nut, and something to record', () => {
    const empty = dietFormValues(null);
    expect(dietFormProblems(empty)).toEqual({ allergens: 'nothingChosen', consent: 'consentMissing' });
    expect(dietFormProblems({ ...empty, allergens: ['gluten', 'nuts'], consent: true })).toEqual({
      glutenCereals: 'glutenCerealMissing',
      nuts: 'nutMissing',
    });
    expect(dietFormProblems({ ...empty, note: 'x'.repeat(501), consent: true })).toEqual({
      note: 'noteTooLong',
    });
    expect(dietFormProblems({ ...empty, diets: ['halal'], consent: true })).toEqual({});
  });

  it('finds the field of a server error', () => {
    expect(dietFieldOf(['consent'])).toBe('consent');
    expect(dietFieldOf(['glutenCereals', '0'])).toBe('glutenCereals');
    expect(dietFieldOf(['personId'])).toBeNull();
  });
});
