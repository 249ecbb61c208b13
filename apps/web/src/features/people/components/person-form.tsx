import { Alert, Button, Checkbox, Group, MultiSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { PERSON_NAME_PART_MAX } from '@tun/shared/limits';
import { shortFullName } from '@tun/shared/names';
import type { Person } from '@tun/shared/people';
import type { Role } from '@tun/shared/roles';
import i18next from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client';
import { useErrorMessage } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { validators } from '../../../lib/validation';
import { useCan } from '../../../entities/session/access';
import { useCreatePerson } from '../api/create-person';
import { useSetRoles } from '../api/set-roles';
import { useUpdatePerson } from '../api/update-person';
import { ROLE_ORDER, type LineOption } from '../model/people-utils';
import { fieldPath, focusFirstInvalid } from '../../../lib/form-errors';

// As the server's person schemas allow (packages/shared/src/people.ts, contact.ts, sso.ts).
const ROOM_MAX = 50;
const EMAIL_MAX = 254;
const PHONE_PATTERN = /^\+?[0-9 ]{8,20}$/;
const FEIDE_ID_MAX = 200;
const FEIDE_ID_PATTERN = /^[^\s@]+@[^\s@]+$/;

interface PersonFormValues {
  first: string;
  middle: string;
  last: string;
  email: string;
  phone: string;
  feideId: string;
  room: string;
  memberOf: string[];
  roles: Role[];
}

function initialValues(person: Person | undefined): PersonFormValues {
  return {
    first: person?.name.first ?? '',
    middle: person?.name.middle ?? '',
    last: person?.name.last ?? '',
    email: person?.email ?? '',
    phone: person?.phone ?? '',
    feideId: person?.feideId ?? '',
    room: person?.room ?? '',
    memberOf: person?.memberOf ?? [],
    roles: person?.roles ?? [],
  };
}

/** 'body.name.first' → 'first', 'body.email' → 'email', 'memberOf' → 'memberOf': the form's names. */
function formField(serverPath: string): keyof PersonFormValues | undefined {
  const parts = fieldPath(serverPath);
  const [head, child] = parts;
  if (head === 'name' && (child === 'first' || child === 'middle' || child === 'last')) return child;
  if (
    head === 'email' ||
    head === 'phone' ||
    head === 'feideId' ||
    head === 'room' ||
    head === 'memberOf' ||
    head === 'roles'
  ) {
    return head;
  }
  return undefined;
}

const sameRoles = (a: readonly Role[], b: readonly Role[]) =>
  a.length === b.length && a.every((role) => b.includes(role));

/**
 * The new-user form and, given a person, the edit form. Roles are set with the person when
 * creating; when editing they change through their own (audited) call, after the rest.
 */
export function PersonForm({
  person,
  lines,
  onSaved,
  onCancel,
}: {
  person?: Person;
  /** Undefined while the lines are loading or when they cannot be had. */
  lines: readonly LineOption[] | undefined;
  onSaved: (person: Person) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const canChangeRoles = useCan('roles:change');
  const createPerson = useCreatePerson();
  const updatePerson = useUpdatePerson();
  const setRoles = useSetRoles();
  const [failure, setFailure] = useState<string | null>(null);
  const editing = person !== undefined;
  // Only those who may change people are sent a person's Feide id; a form without it must not
  // clear it.
  const knowsFeideId = !editing || person.feideId !== undefined;

  const form = useForm<PersonFormValues>({
    initialValues: initialValues(person),
    validate: {
      first: validators.length({ max: PERSON_NAME_PART_MAX }),
      middle: validators.length({ max: PERSON_NAME_PART_MAX, required: false }),
      last: validators.length({ max: PERSON_NAME_PART_MAX }),
      email: (value) => (value.trim() ? validators.email()(value) : null),
      phone: (value) =>
        !value.trim() || PHONE_PATTERN.test(value.trim()) ? null : i18next.t('people.form.phoneInvalid'),
      feideId: (value) => {
        const feideId = value.trim();
        if (!feideId) return null;
        if (feideId.length > FEIDE_ID_MAX) return i18next.t('validation.maxLength', { max: FEIDE_ID_MAX });
        return FEIDE_ID_PATTERN.test(feideId) ? null : i18next.t('people.form.feideIdInvalid');
      },
      room: validators.length({ max: ROOM_MAX, required: false }),
    },
  });

  const lineData = (() => {
    const known = new Map((lines ?? []).map((line) => [line.id, line]));
    const data = (lines ?? []).map((line) => ({ value: line.id, label: line.name }));
    // A membership of a line the list does not have (yet) stays selectable, so it is not lost.
    for (const id of form.values.memberOf) if (!known.has(id)) data.push({ value: id, label: id });
    return data;
  })();

  const showServerErrors = (error: unknown, formElement: HTMLFormElement | null | undefined) => {
    if (isApiError(error, 'feide-id-taken')) {
      form.setFieldError('feideId', errorMessage(error));
      focusFirstInvalid(formElement);
      return;
    }
    if (isApiError(error, 'conflict') || isApiError(error, 'validation-failed')) {
      let placed = false;
      for (const { path, message } of error.problem.errors ?? []) {
        const field = formField(path);
        if (!field) continue;
        placed = true;
        if (field === 'email' && error.code === 'conflict')
          form.setFieldError('email', t('people.form.emailTaken'));
        else if (field === 'memberOf') form.setFieldError('memberOf', t('people.form.lineGone'));
        else form.setFieldError(field, message);
      }
      if (placed) {
        focusFirstInvalid(formElement);
        return;
      }
    }
    setFailure(errorMessage(error));
  };

  const submit = form.onSubmit(
    async (values, event) => {
      const formElement = event?.currentTarget;
      setFailure(null);
      const middle = values.middle.trim();
      const name = { first: values.first.trim(), ...(middle ? { middle } : {}), last: values.last.trim() };
      const contact = {
        email: values.email.trim() || null,
        phone: values.phone.trim() || null,
        room: values.room.trim() || null,
        ...(knowsFeideId ? { feideId: values.feideId.trim() || null } : {}),
      };
      try {
        if (!editing) {
          const created = await createPerson.mutateAsync({
            name,
            ...contact,
            memberOf: values.memberOf,
            roles: values.roles,
          });
          notify({ color: 'fjord', message: t('people.created', { name: shortFullName(created.name) }) });
          onSaved(created);
          return;
        }
        let saved = await updatePerson.mutateAsync({
          id: person.id,
          update: { name, ...contact, memberOf: values.memberOf },
        });
        if (canChangeRoles && !sameRoles(values.roles, person.roles)) {
          saved = await setRoles.mutateAsync({ id: person.id, roles: values.roles });
        }
        notify({ color: 'fjord', message: t('people.saved', { name: shortFullName(saved.name) }) });
        onSaved(saved);
      } catch (error) {
        showServerErrors(error, formElement);
      }
    },
    (_errors, _values, event) => focusFirstInvalid(event?.currentTarget),
  );

  const pending = createPerson.isPending || updatePerson.isPending || setRoles.isPending;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {failure && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle aria-hidden="true" />}
            title={t('people.form.failed')}
            role="alert"
          >
            {failure}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <TextInput
            label={t('people.form.first')}
            required
            maxLength={PERSON_NAME_PART_MAX}
            autoComplete="off"
            data-autofocus
            {...form.getInputProps('first')}
          />
          <TextInput
            label={t('people.form.middle')}
            maxLength={PERSON_NAME_PART_MAX}
            autoComplete="off"
            {...form.getInputProps('middle')}
          />
          <TextInput
            label={t('people.form.last')}
            required
            maxLength={PERSON_NAME_PART_MAX}
            autoComplete="off"
            {...form.getInputProps('last')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            label={t('people.form.email')}
            description={t('people.form.emailDescription')}
            type="email"
            inputMode="email"
            maxLength={EMAIL_MAX}
            autoComplete="off"
            {...form.getInputProps('email')}
          />
          <TextInput
            label={t('people.form.phone')}
            type="tel"
            inputMode="tel"
            autoComplete="off"
            {...form.getInputProps('phone')}
          />
        </SimpleGrid>
        {knowsFeideId && (
          <TextInput
            label={t('people.form.feideId')}
            description={t('people.form.feideIdDescription')}
            maxLength={FEIDE_ID_MAX}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            {...form.getInputProps('feideId')}
          />
        )}
        <TextInput
          label={t('people.form.room')}
          maxLength={ROOM_MAX}
          autoComplete="off"
          {...form.getInputProps('room')}
        />
        <MultiSelect
          label={t('people.form.memberOf')}
          placeholder={lineData.length > 0 ? t('people.form.memberOfPlaceholder') : undefined}
          description={lines !== undefined && lines.length === 0 ? t('people.form.noLines') : undefined}
          data={lineData}
          searchable
          clearable
          hidePickedOptions
          disabled={lineData.length === 0}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('memberOf')}
        />
        {(!editing || canChangeRoles) && (
          <Checkbox.Group
            label={t('people.form.roles')}
            description={t('people.form.rolesDescription')}
            {...form.getInputProps('roles')}
          >
            <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="xs" mt="xs">
              {ROLE_ORDER.map((role) => (
                <Checkbox key={role} value={role} label={t(`people.roleOptions.${role}`)} />
              ))}
            </SimpleGrid>
          </Checkbox.Group>
        )}
        <Group justify="flex-end" gap="sm">
          <Button type="button" variant="default" onClick={onCancel} disabled={pending}>
            {t('people.form.cancel')}
          </Button>
          <Button type="submit" loading={pending}>
            {editing ? t('people.form.save') : t('people.form.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
