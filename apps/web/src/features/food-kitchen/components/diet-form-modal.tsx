import {
  Alert,
  Button,
  Checkbox,
  Fieldset,
  Group,
  Modal,
  Select,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle } from '@tabler/icons-react';
import { DIETS, DIET_NOTE_MAX, type PersonDiet } from '@tun/shared/food';
import i18next from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client';
import { localeTag } from '../../../lib/dates';
import { useErrorMessage } from '../../../lib/error-message';
import { fieldPath, focusFirstInvalid } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { AllergenPicker } from '../../../entities/food/allergen-picker';
import { usePeople } from '../../../entities/people/get-people';
import { useSaveDiet } from '../api/save-diet';
import {
  dietFieldOf,
  dietFormProblems,
  dietFormValues,
  dietInputOf,
  type DietFormProblem,
  type DietFormValues,
} from '../model/diet-form-values';
import { personOptions } from '../model/person-names';

/**
 * Whose diet the form is for: the signed-in person's own (they give consent themselves), a
 * person the kitchen or an admin picks in the form, or a given person from the list (for both,
 * whoever enters it confirms the person gave consent).
 */
export type DietSubject =
  { kind: 'own'; personId: string } | { kind: 'pick' } | { kind: 'person'; personId: string; name: string };

interface DietFormModalProps {
  opened: boolean;
  onClose: () => void;
  subject: DietSubject;
  /** What is recorded now; null for none. */
  diet: PersonDiet | null;
  /** For a person to pick: those who have a diet already, whom the list offers to edit instead. */
  taken?: ReadonlySet<string>;
}

/** «Mine allergier og kosthold» and «Registrer for en person»: the 14 allergens, diets, a note, consent. */
export function DietFormModal({ opened, onClose, subject, diet, taken }: DietFormModalProps) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 36em)');
  const title =
    subject.kind === 'own'
      ? t('foodKitchen.form.ownTitle')
      : subject.kind === 'pick'
        ? t('foodKitchen.form.newTitle')
        : t('foodKitchen.form.editTitle', { name: subject.name });
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size="lg"
      fullScreen={phone}
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': t('app.close') }}
    >
      {/* Mounted only while open: each opening starts from what is recorded now. */}
      {opened && <DietForm subject={subject} diet={diet} taken={taken} onDone={onClose} />}
    </Modal>
  );
}

type Values = DietFormValues & { personId: string | null };

function problemText(problem: DietFormProblem): string {
  return i18next.t(`foodKitchen.form.errors.${problem}`, { max: DIET_NOTE_MAX });
}

function DietForm({
  subject,
  diet,
  taken,
  onDone,
}: {
  subject: DietSubject;
  diet: PersonDiet | null;
  taken: ReadonlySet<string> | undefined;
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation();
  const errorMessage = useErrorMessage();
  const save = useSaveDiet();
  const people = usePeople({ enabled: subject.kind === 'pick' });
  const formId = 'food-diet-form';
  const consentErrorId = `${formId}-consent-error`;

  const form = useForm<Values>({
    initialValues: {
      ...dietFormValues(diet),
      personId: subject.kind === 'pick' ? null : subject.personId,
    },
    validate: (values) => {
      const problems = dietFormProblems(values);
      const errors: Partial<Record<keyof Values, string>> = {};
      for (const [field, problem] of Object.entries(problems)) {
        errors[field as keyof DietFormValues] = problemText(problem);
      }
      if (!values.personId) errors.personId = i18next.t('foodKitchen.form.personRequired');
      return errors;
    },
  });
  const values = form.getValues();

  const options = useMemo(
    () =>
      subject.kind === 'pick'
        ? personOptions(people.data ?? [], localeTag(i18n.resolvedLanguage ?? i18n.language)).filter(
            (option) => !taken?.has(option.value),
          )
        : [],
    [subject.kind, people.data, taken, i18n.resolvedLanguage, i18n.language],
  );

  const focusInvalid = () => focusFirstInvalid(document.getElementById(formId) as HTMLFormElement | null);

  const submit = form.onSubmit(async (submitted) => {
    try {
      await save.mutateAsync({ personId: submitted.personId!, input: dietInputOf(submitted) });
      notify({ color: 'fjord', message: t('foodKitchen.form.saved') });
      onDone();
    } catch (error) {
      if (isApiError(error, 'validation-failed')) {
        for (const issue of error.problem.errors ?? []) {
          const field = dietFieldOf(fieldPath(issue.path));
          if (field) form.setFieldError(field, issue.message);
        }
        focusInvalid();
      }
    }
  }, focusInvalid);

  const failed = save.isError && Object.keys(form.errors).length === 0;

  return (
    <form id={formId} onSubmit={submit} noValidate>
      <Stack gap="md">
        {failed && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle aria-hidden="true" />}
            title={t('foodKitchen.form.failed')}
            role="alert"
          >
            {errorMessage(save.error)}
          </Alert>
        )}
        {subject.kind === 'pick' && (
          // A list that opens on focus would cover the form when a failed check focuses the field.
          <Select
            label={t('foodKitchen.form.person')}
            description={t('foodKitchen.form.personDescription')}
            placeholder={t('foodKitchen.form.personPlaceholder')}
            data={options}
            searchable
            openOnFocus={false}
            required
            nothingFoundMessage={t('foodKitchen.form.noPeople')}
            {...form.getInputProps('personId')}
          />
        )}
        <Fieldset
          legend={t('foodKitchen.form.allergens')}
          styles={{ legend: { fontWeight: 600 } }}
          aria-describedby={`${formId}-allergens`}
        >
          <Text size="sm" c="dimmed" id={`${formId}-allergens`} mb="sm">
            {t('foodKitchen.form.allergensDescription')}
          </Text>
          <AllergenPicker
            allergens={values.allergens}
            glutenCereals={values.glutenCereals}
            nuts={values.nuts}
            onAllergenChange={(allergen, on) =>
              form.setFieldValue(
                'allergens',
                on ? [...values.allergens, allergen] : values.allergens.filter((item) => item !== allergen),
              )
            }
            onGlutenCerealsChange={(cereals) => form.setFieldValue('glutenCereals', cereals)}
            onNutsChange={(nuts) => form.setFieldValue('nuts', nuts)}
            errors={{
              allergens: form.errors.allergens,
              glutenCereals: form.errors.glutenCereals,
              nuts: form.errors.nuts,
            }}
          />
          {form.errors.allergens && (
            <Text size="sm" c="red" mt="xs" role="alert">
              {form.errors.allergens}
            </Text>
          )}
        </Fieldset>
        <Checkbox.Group label={t('foodKitchen.form.diets')} {...form.getInputProps('diets')}>
          <Group gap="md" mt="xs">
            {DIETS.map((dietName) => (
              <Checkbox key={dietName} value={dietName} label={t(`food.diet.${dietName}`)} />
            ))}
          </Group>
        </Checkbox.Group>
        <Textarea
          label={t('foodKitchen.form.note')}
          description={t('foodKitchen.form.noteDescription')}
          maxLength={DIET_NOTE_MAX}
          autosize
          minRows={2}
          {...form.getInputProps('note')}
        />
        <Checkbox
          label={
            subject.kind === 'own' ? t('foodKitchen.form.consentOwn') : t('foodKitchen.form.consentOther')
          }
          required
          {...form.getInputProps('consent', { type: 'checkbox' })}
          // Mantine's checkbox shows its error but does not tie it to the box.
          error={form.errors.consent ? <span id={consentErrorId}>{form.errors.consent}</span> : undefined}
          aria-invalid={form.errors.consent ? true : undefined}
          aria-describedby={form.errors.consent ? consentErrorId : undefined}
        />
        <Group justify="flex-end">
          <Button type="button" variant="default" onClick={onDone} disabled={save.isPending}>
            {t('foodKitchen.form.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('foodKitchen.form.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
