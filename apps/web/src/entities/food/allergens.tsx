/**
 * Allergens as the food information regulation wants them: every one in words, in the
 * regulation's own wording, with the cereal and the nut named. An icon may stand beside the name,
 * never instead of it (decision 025). Used by the planner, the dashboard, the print view and the
 * info screens.
 */
import { Group, List, Text } from '@mantine/core';
import {
  IconAnchor,
  IconBottle,
  IconCookie,
  IconEgg,
  IconFish,
  IconFlower,
  IconGlassFull,
  IconGrain,
  IconMilk,
  IconPlant2,
  IconSalad,
  IconSnail,
  IconWheat,
  IconAcorn,
  type Icon,
} from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Allergen, GlutenCereal, Nut } from '@tun/shared';

export const ALLERGEN_ICONS: Record<Allergen, Icon> = {
  gluten: IconWheat,
  crustaceans: IconAnchor,
  egg: IconEgg,
  fish: IconFish,
  peanuts: IconCookie,
  soy: IconPlant2,
  milk: IconMilk,
  nuts: IconAcorn,
  celery: IconSalad,
  mustard: IconBottle,
  sesame: IconGrain,
  sulphites: IconGlassFull,
  lupin: IconFlower,
  molluscs: IconSnail,
};

/** What a dish (or a person's diet) says of allergens. */
export interface AllergenFacts {
  allergens: readonly Allergen[];
  glutenCereals: readonly GlutenCereal[];
  nuts: readonly Nut[];
}

/** «Korn som inneholder gluten (hvete, bygg)», «Melk»: one allergen in words. */
export function allergenText(
  t: TFunction,
  allergen: Allergen,
  facts: Omit<AllergenFacts, 'allergens'>,
): string {
  const name = t(`food.allergen.${allergen}`);
  const details =
    allergen === 'gluten'
      ? facts.glutenCereals.map((cereal) => t(`food.cereal.${cereal}`))
      : allergen === 'nuts'
        ? facts.nuts.map((nut) => t(`food.nut.${nut}`))
        : [];
  return details.length === 0
    ? name
    : t('food.allergenWithDetail', { allergen: name, detail: details.join(', ') });
}

/** All of a dish's allergens in words, comma separated: for one line (the info screens). */
export function allergensInWords(t: TFunction, facts: AllergenFacts): string {
  return facts.allergens.map((allergen) => allergenText(t, allergen, facts)).join(', ');
}

/** «Kan inneholde spor av: Melk, Egg»: the cross-contact a kitchen cannot rule out, in words. */
export function mayContainText(t: TFunction, mayContain: readonly Allergen[]): string {
  return t('food.mayContain', {
    list: mayContain.map((allergen) => t(`food.allergen.${allergen}`)).join(', '),
  });
}

/**
 * The allergens as a list, each with its icon and its name; «Kan inneholde spor av» below.
 * `inline` runs them on as a wrapping line, for the narrow cells of a week's menu.
 */
export function AllergenList({
  facts,
  mayContain = [],
  size = 'sm',
  showNone = false,
  layout = 'list',
}: {
  facts: AllergenFacts;
  mayContain?: readonly Allergen[];
  size?: 'xs' | 'sm' | 'md';
  /** Say «Ingen av de 14 allergenene» when there are none (the dish dialog, the print view). */
  showNone?: boolean;
  layout?: 'list' | 'inline';
}) {
  const { t } = useTranslation();
  if (facts.allergens.length === 0 && mayContain.length === 0) {
    return showNone ? (
      <Text size={size} c="dimmed">
        {t('food.noAllergens')}
      </Text>
    ) : null;
  }
  const iconSize = size === 'md' ? 18 : 14;
  const inline = layout === 'inline';
  return (
    <div>
      {facts.allergens.length > 0 && (
        <List
          size={size}
          listStyleType="none"
          spacing={2}
          aria-label={t('food.allergensTitle')}
          style={{
            paddingInlineStart: 0,
            ...(inline ? { display: 'flex', flexWrap: 'wrap', columnGap: '0.75em', rowGap: 2 } : {}),
          }}
        >
          {facts.allergens.map((allergen) => {
            const AllergenIcon = ALLERGEN_ICONS[allergen];
            return (
              <List.Item key={allergen} mt={inline ? 0 : undefined}>
                <Group gap={4} wrap="nowrap" align="flex-start">
                  {/* Level with the first line when a long name («Korn som inneholder gluten (hvete)») wraps. */}
                  <AllergenIcon
                    size={iconSize}
                    aria-hidden="true"
                    stroke={1.6}
                    style={{ flex: 'none', marginTop: '0.2em' }}
                  />
                  <span>{allergenText(t, allergen, facts)}</span>
                </Group>
              </List.Item>
            );
          })}
        </List>
      )}
      {mayContain.length > 0 && (
        <Text size={size} c="dimmed">
          {mayContainText(t, mayContain)}
        </Text>
      )}
    </div>
  );
}
