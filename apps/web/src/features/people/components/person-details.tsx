import { Anchor, Badge, Button, Divider, Group, Stack, Text } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { Person } from '@tun/shared/people';
import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RoleBadge } from '../../../components/role-badge';
import { usePersonDeletable } from '../api/end-person';
import { EndPersonSection } from './end-person-section';
import type { LineOption } from '../model/people-utils';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0}>
        {children}
      </Text>
    </div>
  );
}

export interface PersonActionsProps {
  person: Person;
  onErased: () => void;
}

/** Everything the school keeps about a person, with the admin's actions. */
export function PersonDetails({
  person,
  lines,
  canChange,
  onEdit,
  onDelete,
  onErased,
  PersonActions,
}: {
  person: Person;
  lines: readonly LineOption[] | undefined;
  canChange: boolean;
  onEdit: () => void;
  /** Absent when the person may not be deleted from here (oneself). */
  onDelete: (() => void) | undefined;
  /** After the person's data was erased (privacy), when the dialog should close. */
  onErased: () => void;
  /** Sign-in and privacy actions, which other features own (composed in app/). */
  PersonActions: ComponentType<PersonActionsProps>;
}) {
  const { t } = useTranslation();
  const notSet = (
    <Text component="span" c="dimmed">
      {t('people.notSet')}
    </Text>
  );
  // A plain delete is only for someone with no history; the others are ended or erased.
  const deletable = usePersonDeletable(person.id, canChange && onDelete !== undefined);
  const lineById = new Map((lines ?? []).map((line) => [line.id, line]));
  const roles = person.roles.length > 0 ? person.roles : [null];

  return (
    <Stack gap="md">
      <Stack component="dl" gap="sm" m={0}>
        <Field label={t('people.details.email')}>
          {person.email ? <Anchor href={`mailto:${person.email}`}>{person.email}</Anchor> : notSet}
        </Field>
        <Field label={t('people.details.phone')}>
          {person.phone ? (
            <Anchor href={`tel:${person.phone.replace(/\s/g, '')}`}>{person.phone}</Anchor>
          ) : (
            notSet
          )}
        </Field>
        {person.feideId !== undefined && (
          <Field label={t('people.details.feideId')}>{person.feideId ?? notSet}</Field>
        )}
        <Field label={t('people.details.room')}>{person.room ?? notSet}</Field>
        <Field label={t('people.details.memberOf')}>
          {person.memberOf.length === 0 ? (
            notSet
          ) : (
            <Group gap={6}>
              {person.memberOf.map((id) => {
                const line = lineById.get(id);
                return (
                  <Badge key={id} component="span" variant="light" color={line?.color ?? 'gray'} tt="none">
                    {line?.name ?? id}
                  </Badge>
                );
              })}
            </Group>
          )}
        </Field>
        <Field label={t('people.details.roles')}>
          <Group gap={6}>
            {roles.map((role) => (
              <RoleBadge key={role ?? 'student'} role={role} />
            ))}
          </Group>
        </Field>
        <Field label={t('people.details.login')}>
          {person.hasLogin ? t('people.details.hasLogin') : t('people.details.noLogin')}
        </Field>
      </Stack>
      {canChange && (
        <>
          <Group justify="flex-end" gap="sm">
            {onDelete && deletable.data?.deletable === true && (
              <Button
                variant="light"
                color="red"
                leftSection={<IconTrash size={16} aria-hidden="true" />}
                onClick={onDelete}
              >
                {t('people.details.delete')}
              </Button>
            )}
            <Button leftSection={<IconPencil size={16} aria-hidden="true" />} onClick={onEdit}>
              {t('people.details.edit')}
            </Button>
          </Group>
          <Divider />
          {/* Oneself is not ended from here, as not deleted: another admin does it. */}
          {(onDelete !== undefined || person.leftOn !== null) && <EndPersonSection person={person} />}
          <PersonActions person={person} onErased={onErased} />
        </>
      )}
    </Stack>
  );
}
