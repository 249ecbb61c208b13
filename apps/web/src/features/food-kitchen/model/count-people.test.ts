import { describe, expect, it } from 'vitest';
import { countGroups, neededCounts } from './count-people';

const person = (
  personId: string,
  presence: 'eating' | 'notEating' | 'packedLunch' | 'absent',
  diet: { allergens?: ('milk' | 'nuts')[]; diets?: 'vegan'[]; note?: string } = {},
) => ({
  personId,
  presence,
  allergens: diet.allergens ?? [],
  glutenCereals: [],
  nuts: [],
  diets: diet.diets ?? [],
  note: diet.note ?? '',
});

describe('countGroups', () => {
  const names = new Map([
    ['a', 'Åse Berg'],
    ['b', 'Bo Ask'],
    ['c', 'Cato Dahl'],
    ['d', 'Dina Lie'],
    ['e', 'Eli Moe'],
  ]);
  const nameOf = (id: string) => names.get(id) ?? '?';

  it('groups the kitchen’s names, a packed lunch with a diet in both groups, in name order', () => {
    const groups = countGroups(
      {
        people: [
          person('a', 'eating', { allergens: ['milk'] }),
          person('b', 'eating', { note: 'Tåler ikke kiwi' }),
          person('c', 'packedLunch', { diets: ['vegan'] }),
          person('d', 'notEating', { allergens: ['nuts'] }),
          person('e', 'absent'),
        ],
      },
      nameOf,
      'nb-NO',
    );
    // Norwegian order: Å comes last.
    expect(groups.withDiet.map((p) => p.name)).toEqual(['Bo Ask', 'Cato Dahl', 'Åse Berg']);
    expect(groups.notEating.map((p) => p.personId)).toEqual(['d']);
    expect(groups.packedLunch.map((p) => p.personId)).toEqual(['c']);
    expect(groups.absent.map((p) => p.personId)).toEqual(['e']);
  });
});

describe('neededCounts', () => {
  it('lists only what someone needs, in the regulation’s order', () => {
    expect(
      neededCounts({ allergens: { milk: 2, gluten: 1, egg: 0 }, diets: { vegan: 1, halal: 0 } }),
    ).toEqual({
      allergens: [
        { allergen: 'gluten', count: 1 },
        { allergen: 'milk', count: 2 },
      ],
      diets: [{ diet: 'vegan', count: 1 }],
    });
  });
});
