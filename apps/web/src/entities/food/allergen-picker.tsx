/**
 * The 14 allergens as checkboxes, each with its icon and the regulation's name, and the choice of
 * cereal or nut right below gluten or nuts once ticked (the regulation wants them named). One
 * picker for a dish and for a person's diet; the caller keeps the values and the fieldset.
 */
import { Box, Checkbox, Group, SimpleGrid } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ALLERGENS,
  GLUTEN_CEREALS,
  NUTS,
  type Allergen,
  type GlutenCereal,
  type Nut,
} from '@tun/shared/food';
import { ALLERGEN_ICONS } from './allergens';

/** An allergen's icon and name, as a checkbox label. */
export function AllergenLabel({ allergen }: { allergen: Allergen }) {
  const { t } = useTranslation();
  const AllergenIcon = ALLERGEN_ICONS[allergen];
  return (
    <Group gap={6} wrap="nowrap" component="span">
      <AllergenIcon size={18} stroke={1.6} aria-hidden="true" />
      <span>{t(`food.allergen.${allergen}`)}</span>
    </Group>
  );
}

export interface AllergenPickerProps {
  allergens: readonly string[];
  glutenCereals: readonly string[];
  nuts: readonly string[];
  onAllergenChange: (allergen: Allergen, on: boolean) => void;
  onGlutenCerealsChange: (cereals: GlutenCereal[]) => void;
  onNutsChange: (nuts: Nut[]) => void;
  errors: { allergens?: ReactNode; glutenCereals?: ReactNode; nuts?: ReactNode };
  /** Under the cereal and nut choices, e.g. «Velg alle som er i retten.» */
  detailDescription?: string;
}

export function AllergenPicker(props: AllergenPickerProps) {
  const { t } = useTranslation();
  const { errors } = props;

  const detail = (field: 'glutenCereals' | 'nuts') => {
    const error = errors[field];
    const options =
      field === 'glutenCereals'
        ? GLUTEN_CEREALS.map((cereal) => ({ value: cereal, label: t(`food.cereal.${cereal}`) }))
        : NUTS.map((nut) => ({ value: nut, label: t(`food.nut.${nut}`) }));
    return (
      <Box key={field} style={{ gridColumn: '1 / -1' }} pl="xl">
        <Checkbox.Group
          label={field === 'glutenCereals' ? t('food.picker.cereals') : t('food.picker.nuts')}
          description={props.detailDescription}
          required
          value={[...props[field]]}
          onChange={(chosen) =>
            field === 'glutenCereals'
              ? props.onGlutenCerealsChange(chosen as GlutenCereal[])
              : props.onNutsChange(chosen as Nut[])
          }
          error={error}
        >
          <Group gap="md" mt={6} style={{ rowGap: 'var(--mantine-spacing-xs)' }}>
            {options.map((option) => (
              <Checkbox
                key={option.value}
                value={option.value}
                label={option.label}
                // The group's error is announced with it; focus lands on the first of these.
                aria-invalid={error ? true : undefined}
              />
            ))}
          </Group>
        </Checkbox.Group>
      </Box>
    );
  };

  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="xs">
      {ALLERGENS.flatMap((allergen) => {
        const checked = props.allergens.includes(allergen);
        const box = (
          <Checkbox
            key={allergen}
            label={<AllergenLabel allergen={allergen} />}
            checked={checked}
            aria-invalid={errors.allergens ? true : undefined}
            onChange={(event) => props.onAllergenChange(allergen, event.currentTarget.checked)}
          />
        );
        if (checked && allergen === 'gluten') return [box, detail('glutenCereals')];
        if (checked && allergen === 'nuts') return [box, detail('nuts')];
        return [box];
      })}
    </SimpleGrid>
  );
}
