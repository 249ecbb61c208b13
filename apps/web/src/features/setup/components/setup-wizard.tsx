import {
  Alert,
  Button,
  Group,
  Paper,
  PasswordInput,
  Stack,
  Stepper,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import type { SetupInput } from '@tun/shared/auth';
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PERSON_NAME_PART_MAX,
  SCHOOL_LONG_NAME_MAX,
  SCHOOL_SHORT_NAME_MAX,
} from '@tun/shared/limits';
import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client';
import { useErrorMessage } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { validators } from '../../../lib/validation';
import { useLogin } from '../../../entities/session/login';
import { DEFAULT_AFTER_LOGIN } from '@tun/shared/safe-redirect';
import { useCreateSchool } from '../api/create-school';
import { setupStatusQueryKey, type SetupStatus } from '../../../entities/school/get-setup-status';
import { fieldPath, focusFirstInvalid } from '../../../lib/form-errors';

interface WizardValues {
  school: { shortName: string; longName: string };
  admin: {
    name: { first: string; middle: string; last: string };
    email: string;
    password: string;
    passwordRepeat: string;
  };
}

// The fields of the first step, checked before moving on.
const SCHOOL_FIELDS = ['school.shortName', 'school.longName'] as const;

const FIRST_FIELD_OF_STEP = ['setup-short-name', 'setup-first-name'] as const;

function focusSoon(id: string) {
  requestAnimationFrame(() => document.getElementById(id)?.focus());
}

/** '/admin/email', 'admin.email' or 'body.admin.email' → 'admin.email', as the form names it. */
function formPath(serverPath: string): string {
  return fieldPath(serverPath).join('.');
}

/** First-run wizard: creates the school and its first admin, then signs that admin in. */
export function SetupWizard() {
  const { t } = useTranslation();
  const router = useRouter();
  const queryClient = useQueryClient();
  const createSchool = useCreateSchool();
  const login = useLogin();
  const errorMessage = useErrorMessage();
  const [step, setStep] = useState(0);

  const form = useForm<WizardValues>({
    initialValues: {
      school: { shortName: '', longName: '' },
      admin: { name: { first: '', middle: '', last: '' }, email: '', password: '', passwordRepeat: '' },
    },
    validate: {
      school: {
        shortName: validators.length({ max: SCHOOL_SHORT_NAME_MAX }),
        longName: validators.length({ max: SCHOOL_LONG_NAME_MAX }),
      },
      admin: {
        name: {
          first: validators.length({ max: PERSON_NAME_PART_MAX }),
          middle: validators.length({ max: PERSON_NAME_PART_MAX, required: false }),
          last: validators.length({ max: PERSON_NAME_PART_MAX }),
        },
        email: validators.email(),
        password: validators.password({ min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH }),
        passwordRepeat: (value, values) => validators.sameAs(values.admin.password)(value),
      },
    },
  });

  const stepOf = (path: string) => (path.startsWith('school.') ? 0 : 1);

  const next = (formElement: HTMLFormElement) => {
    const invalid = SCHOOL_FIELDS.map((field) => form.validateField(field)).some((result) => result.hasError);
    if (invalid) {
      focusFirstInvalid(formElement);
      return;
    }
    setStep(1);
    focusSoon(FIRST_FIELD_OF_STEP[1]);
  };

  const back = () => {
    setStep(0);
    focusSoon(FIRST_FIELD_OF_STEP[0]);
  };

  const submit = form.onSubmit(
    async (values, event) => {
      // Read now: React clears currentTarget once the event has been handled.
      const formElement = event?.currentTarget;
      const middle = values.admin.name.middle.trim();
      const input: SetupInput = {
        school: { shortName: values.school.shortName.trim(), longName: values.school.longName.trim() },
        admin: {
          name: {
            first: values.admin.name.first.trim(),
            ...(middle ? { middle } : {}),
            last: values.admin.name.last.trim(),
          },
          email: values.admin.email.trim(),
          password: values.admin.password,
        },
      };
      try {
        await createSchool.mutateAsync(input);
      } catch (error) {
        if (isApiError(error, 'setup-done')) {
          // Someone else finished first: show the ordinary login instead.
          notify({ color: 'orange', message: errorMessage(error) });
          await queryClient.invalidateQueries({ queryKey: setupStatusQueryKey });
          return;
        }
        if (isApiError(error, 'validation-failed')) {
          const paths = (error.problem.errors ?? []).map(({ path, message }) => {
            form.setFieldError(formPath(path), message);
            return formPath(path);
          });
          if (paths.some((path) => stepOf(path) === 0)) setStep(0);
          focusFirstInvalid(formElement);
        }
        return;
      }
      const setupDone = () =>
        queryClient.setQueryData<SetupStatus>(setupStatusQueryKey, (status) => ({
          emailLink: false,
          sso: [],
          ...status,
          needsSetup: false,
        }));
      try {
        await login.mutateAsync({ email: input.admin.email, password: input.admin.password });
      } catch {
        notify({ color: 'orange', message: t('setup.loginFailed') });
        setupDone();
        return;
      }
      notify({ color: 'fjord', message: t('setup.created', { school: input.school.shortName }) });
      await router.navigate({ to: DEFAULT_AFTER_LOGIN, replace: true });
      setupDone();
    },
    (errors, _values, event) => {
      const first = Object.keys(errors)[0];
      if (first !== undefined && stepOf(first) === 0) setStep(0);
      focusFirstInvalid(event?.currentTarget);
    },
  );

  const pending = createSchool.isPending || login.isPending;

  // Enter on the first step means "next", not "create the school with half the fields empty".
  const onFormSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (step === 0) {
      event.preventDefault();
      next(event.currentTarget);
      return;
    }
    submit(event);
  };

  return (
    <Paper withBorder radius="md" p={{ base: 'md', xs: 'xl' }}>
      <Stack gap="lg">
        <Stack gap="xs">
          <Title order={1}>{t('setup.title')}</Title>
          <Text c="dimmed">{t('setup.intro')}</Text>
        </Stack>

        {createSchool.isError && !isApiError(createSchool.error, 'setup-done') && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle aria-hidden="true" />}
            title={t('setup.failed')}
          >
            {errorMessage(createSchool.error)}
          </Alert>
        )}

        <form onSubmit={onFormSubmit} noValidate>
          <Stepper
            active={step}
            onStepClick={(index) => index < step && back()}
            allowNextStepsSelect={false}
            size="sm"
          >
            <Stepper.Step label={t('setup.steps.school')} description={t('setup.steps.schoolDescription')}>
              <Stack gap="md" pt="md">
                <TextInput
                  id={FIRST_FIELD_OF_STEP[0]}
                  label={t('setup.shortName')}
                  description={t('setup.shortNameDescription')}
                  required
                  maxLength={SCHOOL_SHORT_NAME_MAX}
                  autoComplete="organization"
                  {...form.getInputProps('school.shortName')}
                />
                <TextInput
                  label={t('setup.longName')}
                  description={t('setup.longNameDescription')}
                  required
                  maxLength={SCHOOL_LONG_NAME_MAX}
                  {...form.getInputProps('school.longName')}
                />
                <Group justify="flex-end">
                  {/* A submit button, so Enter in a field moves on (handled in onFormSubmit). */}
                  <Button type="submit">{t('setup.next')}</Button>
                </Group>
              </Stack>
            </Stepper.Step>
            <Stepper.Step label={t('setup.steps.admin')} description={t('setup.steps.adminDescription')}>
              <Stack gap="md" pt="md">
                <TextInput
                  id={FIRST_FIELD_OF_STEP[1]}
                  label={t('setup.firstName')}
                  required
                  autoComplete="given-name"
                  {...form.getInputProps('admin.name.first')}
                />
                <TextInput
                  label={t('setup.middleName')}
                  autoComplete="additional-name"
                  {...form.getInputProps('admin.name.middle')}
                />
                <TextInput
                  label={t('setup.lastName')}
                  required
                  autoComplete="family-name"
                  {...form.getInputProps('admin.name.last')}
                />
                <TextInput
                  label={t('setup.email')}
                  description={t('setup.emailDescription')}
                  type="email"
                  inputMode="email"
                  required
                  autoComplete="username"
                  {...form.getInputProps('admin.email')}
                />
                <PasswordInput
                  label={t('setup.password')}
                  description={t('setup.passwordDescription', { min: PASSWORD_MIN_LENGTH })}
                  required
                  autoComplete="new-password"
                  {...form.getInputProps('admin.password')}
                />
                <PasswordInput
                  label={t('setup.passwordRepeat')}
                  required
                  autoComplete="new-password"
                  {...form.getInputProps('admin.passwordRepeat')}
                />
                <Group justify="space-between">
                  <Button type="button" variant="default" onClick={back} disabled={pending}>
                    {t('setup.back')}
                  </Button>
                  <Button type="submit" loading={pending}>
                    {t('setup.submit')}
                  </Button>
                </Group>
              </Stack>
            </Stepper.Step>
          </Stepper>
        </form>
      </Stack>
    </Paper>
  );
}
