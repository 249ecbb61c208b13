import {
  Alert,
  Button,
  Checkbox,
  Fieldset,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle, IconAlertTriangle } from '@tabler/icons-react';
import {
  ALLERGENS,
  DIETS,
  DISH_DESCRIPTION_MAX,
  DISH_NAME_MAX,
  FOOD_FIELD_CODES,
  GLUTEN_CEREALS,
  NUTS,
  type Allergen,
  type Dish,
} from '@tun/shared/food';
import type { FieldError } from '@tun/shared/field-errors';
import type { TFunction } from 'i18next';
import { useId, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AllergenLabel, AllergenPicker } from '../../../entities/food/allergen-picker';
import { AllergenList } from '../../../entities/food/allergens';
import { isApiError } from '../../../lib/api-client';
import { useErrorMessage } from '../../../lib/error-message';
import { fieldPath, focusFirstInvalid } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { useSaveDish } from '../api/save-dish';
import {
  dietConflicts,
  dishFormProblems,
  formFieldOf,
  inputOf,
  valuesOf,
  type DishFormField,
  type DishFormProblem,
  type DishFormValues,
} from '../model/dish-form-values';

interface DishDialogProps {
  opened: boolean;
  /** The dish to edit; none for a new one. */
  dish: Dish | undefined;
  onClose: () => void;
}

/**
 * «Ny rett» and «Rediger rett» (decision 025): the 14 allergens in the regulation's words, the
 * cereal and the nut they require, «kan inneholde spor av» and the diet tags. Full screen on a
 * phone; clicking beside it does not close it, as that would lose the ticks.
 */
export function DishDialog({ opened, dish, onClose }: DishDialogProps) {
  const { t } = useTranslation();
  const isPhone = useMediaQuery('(max-width: 47.99em)', false);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={dish ? t('foodDishes.dialog.editTitle') : t('foodDishes.dialog.newTitle')}
      size="lg"
      fullScreen={isPhone}
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': t('app.close') }}
    >
      {/* Mounted only while open and keyed by the dish: each opening starts from it as it is now. */}
      {opened && <DishForm key={dish?.id ?? 'new'} dish={dish} onDone={onClose} />}
    </Modal>
  );
}

function problemText(t: TFunction, problem: DishFormProblem): string {
  switch (problem) {
    case 'nameTooLong':
      return t('foodDishes.dialog.errors.nameTooLong', { max: DISH_NAME_MAX });
    case 'descriptionTooLong':
      return t('foodDishes.dialog.errors.descriptionTooLong', { max: DISH_DESCRIPTION_MAX });
    default:
      return t(`foodDishes.dialog.errors.${problem}`);
  }
}

/** A server field error's text: the catalog's words for the missing cereal or nut, else the server's. */
function serverFieldText(t: TFunction, field: DishFormField, error: FieldError): string {
  if (error.code === FOOD_FIELD_CODES.allergenDetailMissing) {
    if (field === 'glutenCereals') return t('foodDishes.dialog.errors.cerealsRequired');
    if (field === 'nuts') return t('foodDishes.dialog.errors.nutsRequired');
  }
  return error.message;
}

/** An allergen's icon beside its name in the regulation's words: the icon never stands alone. */
function toggled<T>(list: readonly T[], value: T, on: boolean): T[] {
  return on ? (list.includes(value) ? [...list] : [...list, value]) : list.filter((item) => item !== value);
}

function DishForm({ dish, onDone }: { dish: Dish | undefined; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const errorMessage = useErrorMessage();
  const save = useSaveDish();
  const idBase = useId();
  const form = useForm<DishFormValues>({
    initialValues: valuesOf(dish),
    validate: (values) => {
      const problems = dishFormProblems(values);
      return Object.fromEntries(
        Object.entries(problems).map(([field, problem]) => [field, problemText(t, problem)]),
      );
    },
  });
  const { values } = form;

  const submit = form.onSubmit(
    async (submitted, event) => {
      const formElement = event?.currentTarget;
      try {
        const saved = await save.mutateAsync({ id: dish?.id, input: inputOf(submitted) });
        notify({
          color: 'fjord',
          message: t(dish ? 'foodDishes.saved' : 'foodDishes.created', { name: saved.name }),
        });
        onDone();
      } catch (error) {
        let placed = false;
        if (isApiError(error, 'dish-name-taken')) {
          form.setFieldError('name', t('foodDishes.dialog.errors.nameTaken'));
          placed = true;
        } else if (isApiError(error, 'validation-failed')) {
          for (const fieldError of error.problem.errors ?? []) {
            const field = formFieldOf(fieldPath(fieldError.path));
            if (!field) continue;
            form.setFieldError(field, serverFieldText(t, field, fieldError));
            placed = true;
          }
        }
        if (placed) focusFirstInvalid(formElement);
      }
    },
    (_errors, _values, event) => focusFirstInvalid(event?.currentTarget),
  );

  const setAllergen = (allergen: Allergen, on: boolean) => {
    form.setFieldValue('allergens', toggled(values.allergens, allergen, on));
    // What the dish contains is not a trace: ticking it here takes it out of «kan inneholde».
    if (on) form.setFieldValue('mayContain', toggled(values.mayContain, allergen, false));
    if (allergen === 'gluten') form.clearFieldError('glutenCereals');
    if (allergen === 'nuts') form.clearFieldError('nuts');
  };

  const failed = save.isError && Object.keys(form.errors).length === 0;
  const conflicts = dietConflicts(values);
  const facts = {
    allergens: ALLERGENS.filter((allergen) => values.allergens.includes(allergen)),
    glutenCereals: GLUTEN_CEREALS.filter((cereal) => values.glutenCereals.includes(cereal)),
    nuts: NUTS.filter((nut) => values.nuts.includes(nut)),
  };
  const mayContain = ALLERGENS.filter(
    (allergen) => values.mayContain.includes(allergen) && !values.allergens.includes(allergen),
  );

  const legendStyles = { legend: { fontWeight: 600 } };

  return (
    <form onSubmit={(event: FormEvent<HTMLFormElement>) => void submit(event)} noValidate>
      <Stack gap="md">
        {failed && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle aria-hidden="true" />}
            title={t('foodDishes.dialog.failed')}
            role="alert"
          >
            {errorMessage(save.error)}
          </Alert>
        )}
        <TextInput
          data-autofocus
          label={t('foodDishes.dialog.name')}
          description={t('foodDishes.dialog.nameDescription')}
          required
          maxLength={DISH_NAME_MAX}
          autoComplete="off"
          {...form.getInputProps('name')}
        />
        <Textarea
          label={t('foodDishes.dialog.description')}
          description={t('foodDishes.dialog.descriptionHint')}
          autosize
          minRows={2}
          maxRows={6}
          maxLength={DISH_DESCRIPTION_MAX}
          {...form.getInputProps('description')}
        />

        <Fieldset
          legend={t('foodDishes.dialog.allergens')}
          styles={legendStyles}
          aria-describedby={`${idBase}-allergens`}
        >
          <Text size="sm" c="dimmed" id={`${idBase}-allergens`} mb="sm">
            {t('foodDishes.dialog.allergensDescription')}
          </Text>
          <AllergenPicker
            allergens={values.allergens}
            glutenCereals={values.glutenCereals}
            nuts={values.nuts}
            onAllergenChange={setAllergen}
            onGlutenCerealsChange={(cereals) => {
              form.setFieldValue('glutenCereals', cereals);
              form.clearFieldError('glutenCereals');
            }}
            onNutsChange={(nuts) => {
              form.setFieldValue('nuts', nuts);
              form.clearFieldError('nuts');
            }}
            errors={{ glutenCereals: form.errors.glutenCereals, nuts: form.errors.nuts }}
            detailDescription={t('foodDishes.dialog.chooseAll')}
          />
        </Fieldset>

        <Fieldset
          legend={t('foodDishes.dialog.mayContain')}
          styles={legendStyles}
          aria-describedby={`${idBase}-may-contain`}
        >
          <Text size="sm" c="dimmed" id={`${idBase}-may-contain`} mb="sm">
            {t('foodDishes.dialog.mayContainDescription')}
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="xs">
            {ALLERGENS.map((allergen) => (
              <Checkbox
                key={allergen}
                label={<AllergenLabel allergen={allergen} />}
                checked={values.mayContain.includes(allergen) && !values.allergens.includes(allergen)}
                disabled={values.allergens.includes(allergen)}
                onChange={(event) =>
                  form.setFieldValue(
                    'mayContain',
                    toggled(values.mayContain, allergen, event.currentTarget.checked),
                  )
                }
              />
            ))}
          </SimpleGrid>
        </Fieldset>

        <Fieldset
          legend={t('foodDishes.dialog.diets')}
          styles={legendStyles}
          aria-describedby={`${idBase}-diets`}
        >
          <Text size="sm" c="dimmed" id={`${idBase}-diets`} mb="sm">
            {t('foodDishes.dialog.dietsDescription')}
          </Text>
          <Group gap="md">
            {DIETS.map((diet) => (
              <Checkbox
                key={diet}
                label={t(`food.diet.${diet}`)}
                checked={values.diets.includes(diet)}
                onChange={(event) =>
                  form.setFieldValue('diets', toggled(values.diets, diet, event.currentTarget.checked))
                }
              />
            ))}
          </Group>
          <div aria-live="polite">
            {conflicts.length > 0 && (
              <Alert mt="sm" color="yellow" variant="light" icon={<IconAlertTriangle aria-hidden="true" />}>
                <Stack gap={4}>
                  {conflicts.map(({ diet, allergens }) => (
                    <Text size="sm" key={diet}>
                      {t('foodDishes.dialog.dietConflict', {
                        diet: t(`food.diet.${diet}`),
                        allergens: allergens
                          .map((allergen) => t(`food.allergen.${allergen}`).toLocaleLowerCase(i18n.language))
                          .join(', '),
                      })}
                    </Text>
                  ))}
                </Stack>
              </Alert>
            )}
          </div>
        </Fieldset>

        <Stack gap={6} component="section" aria-labelledby={`${idBase}-preview`}>
          <Title order={3} size="h5" id={`${idBase}-preview`}>
            {t('foodDishes.dialog.preview')}
          </Title>
          <AllergenList facts={facts} mayContain={mayContain} showNone />
        </Stack>

        <Group justify="flex-end" gap="sm">
          <Button type="button" variant="default" onClick={onDone} disabled={save.isPending}>
            {t('foodDishes.dialog.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {dish ? t('foodDishes.dialog.save') : t('foodDishes.dialog.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
