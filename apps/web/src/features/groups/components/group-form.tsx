import { Alert, Button, Group as Row, MultiSelect, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { GROUP_NAME_MAX, type Group, type GroupUpdate } from '@tun/shared/groups';
import { isIsoDate, todayInSchoolZone } from '@tun/shared/time';
import i18next from 'i18next';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client';
import { useErrorMessage } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { validators } from '../../../lib/validation';
import { usePeople } from '../../../entities/people/get-people';
import { memberOptions } from '../model/member-options';
import { fieldPath, focusFirstInvalid } from '../../../lib/form-errors';

export interface GroupFormValues {
  name: string;
  members: string[];
  /** YYYY-MM-DD as the date field gives it, or '' for no end. */
  endDate: string;
}

const FIELDS = ['name', 'members', 'endDate'] as const;

function valuesOf(group?: Group): GroupFormValues {
  return { name: group?.name ?? '', members: group?.members ?? [], endDate: group?.endDate ?? '' };
}

/** 'body.name', 'body/members/0' or 'endDate' → the form field it is about. */
function fieldOf(serverPath: string): (typeof FIELDS)[number] | undefined {
  const parts = fieldPath(serverPath);
  return FIELDS.find((field) => field === parts[0]);
}

interface GroupFormProps {
  /** The group being edited; absent for a new one. */
  group?: Group;
  submitLabel: string;
  onSubmit: (input: Required<Pick<GroupUpdate, 'name' | 'members' | 'endDate'>>) => Promise<unknown>;
  onCancel: () => void;
  autoFocus?: boolean;
}

/** Name, members and an optional end date, after which the group moves to the archive. */
export function GroupForm({ group, submitLabel, onSubmit, onCancel, autoFocus }: GroupFormProps) {
  const { t, i18n } = useTranslation();
  const errorMessage = useErrorMessage();
  const people = usePeople();
  const [pending, setPending] = useState(false);
  const today = todayInSchoolZone();
  // An archived group keeps its past end date; only a new date must not lie in the past.
  const savedEndDate = group?.endDate ?? '';

  const form = useForm<GroupFormValues>({
    initialValues: valuesOf(group),
    validate: {
      name: validators.length({ max: GROUP_NAME_MAX }),
      endDate: (value) => {
        if (value === '' || value === savedEndDate) return null;
        if (!isIsoDate(value)) return i18next.t('groups.form.endDateInvalid');
        return value < todayInSchoolZone() ? i18next.t('groups.form.endDatePast') : null;
      },
    },
  });

  // Someone else saved the group: show their version unless this user has started editing.
  useEffect(() => {
    if (!group || form.isDirty()) return;
    const next = valuesOf(group);
    form.setValues(next);
    form.resetDirty(next);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the group itself changes
  }, [group]);

  const options = memberOptions(
    people.data ?? [],
    form.getValues().members,
    {
      students: t('groups.form.studentsGroup'),
      staff: t('groups.form.staffGroup'),
      unknown: t('groups.unknownPerson'),
    },
    i18n.language,
  );

  const submit = form.onSubmit(
    async (values, event) => {
      const formElement = event?.currentTarget;
      setPending(true);
      try {
        await onSubmit({
          name: values.name.trim(),
          members: values.members,
          endDate: values.endDate === '' ? null : values.endDate,
        });
      } catch (error) {
        if (isApiError(error, 'validation-failed')) {
          for (const { path, message } of error.problem.errors ?? []) {
            const field = fieldOf(path);
            if (field) form.setFieldError(field, message);
          }
          focusFirstInvalid(formElement);
        }
        notify({ color: 'red', message: errorMessage(error) });
      } finally {
        setPending(false);
      }
    },
    (_errors, _values, event) => focusFirstInvalid(event?.currentTarget),
  );

  const memberCount = form.getValues().members.length;

  return (
    <form onSubmit={(event: FormEvent<HTMLFormElement>) => void submit(event)} noValidate>
      <Stack gap="md">
        {people.isError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />}>
            {t('groups.form.peopleFailed')} {errorMessage(people.error)}
          </Alert>
        )}
        <TextInput
          label={t('groups.form.name')}
          required
          maxLength={GROUP_NAME_MAX}
          autoComplete="off"
          data-autofocus={autoFocus || undefined}
          {...form.getInputProps('name')}
        />
        <MultiSelect
          label={t('groups.form.members')}
          description={t('groups.form.membersDescription', { count: memberCount })}
          placeholder={memberCount === 0 ? t('groups.form.membersPlaceholder') : undefined}
          data={options}
          searchable
          clearable
          hidePickedOptions
          maxDropdownHeight={280}
          nothingFoundMessage={people.isPending ? t('app.loading') : t('groups.form.nobodyFound')}
          comboboxProps={{ withinPortal: true }}
          clearButtonProps={{ 'aria-label': t('groups.form.clearMembers') }}
          {...form.getInputProps('members')}
        />
        <TextInput
          type="date"
          label={t('groups.form.endDate')}
          description={t('groups.form.endDateDescription')}
          min={savedEndDate !== '' && savedEndDate < today ? undefined : today}
          {...form.getInputProps('endDate')}
        />
        <Row justify="flex-end">
          <Button type="button" variant="default" onClick={onCancel} disabled={pending}>
            {t('modals.cancel')}
          </Button>
          <Button type="submit" loading={pending}>
            {submitLabel}
          </Button>
        </Row>
      </Stack>
    </form>
  );
}
