import { Stack, Text } from '@mantine/core';
import type { Diet } from '@tun/shared/food';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { AllergenList, type AllergenFacts } from '../../../entities/food/allergens';

export function dietNames(t: TFunction, diets: readonly Diet[]): string {
  return diets.map((diet) => t(`food.diet.${diet}`)).join(', ');
}

/** A person's allergies in words (icon and name), their diets and their note. */
export function DietSummary({
  diet,
  size = 'sm',
}: {
  diet: AllergenFacts & { diets: readonly Diet[]; note: string };
  size?: 'xs' | 'sm';
}) {
  const { t } = useTranslation();
  return (
    <Stack gap={2}>
      <AllergenList facts={diet} size={size} />
      {diet.diets.length > 0 && (
        <Text size={size}>{t('foodKitchen.summary.diets', { list: dietNames(t, diet.diets) })}</Text>
      )}
      {diet.note && (
        <Text size={size} style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
          {t('foodKitchen.summary.note', { note: diet.note })}
        </Text>
      )}
    </Stack>
  );
}
