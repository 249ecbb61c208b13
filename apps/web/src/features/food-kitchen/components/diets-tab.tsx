import { Button, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import type { PersonDiet } from '@tun/shared/food';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error';
import { SettingsSection } from '../../../components/settings-section';
import { useConfirmDelete } from '../../../components/use-confirm-delete';
import { localeTag, useFormatters } from '../../../lib/dates';
import { usePeople } from '../../../entities/people/get-people';
import { useCan } from '../../../entities/session/access';
import { useSession } from '../../../entities/session/get-session';
import { useDiet, useDiets } from '../api/get-diets';
import { useDeleteDiet } from '../api/delete-diet';
import { nameMap } from '../model/person-names';
import { DietFormModal, type DietSubject } from './diet-form-modal';
import { DietSummary } from './diet-summary';

/**
 * Special diets (decision 025): everyone records their own, with consent; the kitchen and admins
 * also see everyone's and record for a person who has given consent. Health data: a teacher sees
 * only their own.
 */
export function DietsTab() {
  const session = useSession();
  const mayRecordOwn = useCan('diets:change', { own: true });
  const seesEveryone = useCan('diets:view');
  return (
    <Stack gap="lg">
      {mayRecordOwn && <OwnDiet personId={session.user.id} />}
      {seesEveryone && <EveryonesDiets />}
    </Stack>
  );
}

/** Asks before a diet is deleted: the kitchen no longer sees it, and consent is withdrawn. */
function useConfirmDeleteDiet() {
  const { t } = useTranslation();
  const confirmDelete = useConfirmDelete();
  const remove = useDeleteDiet();
  return (personId: string, name: string | null) =>
    confirmDelete({
      title: t('foodKitchen.delete.title'),
      body: (
        <Text>{name ? t('foodKitchen.delete.otherBody', { name }) : t('foodKitchen.delete.ownBody')}</Text>
      ),
      confirm: t('foodKitchen.delete.confirm'),
      cancel: t('foodKitchen.delete.cancel'),
      deleted: t('foodKitchen.delete.deleted'),
      failed: t('foodKitchen.delete.failed'),
      remove: () => remove.mutateAsync(personId),
    });
}

function OwnDiet({ personId }: { personId: string }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const diet = useDiet(personId);
  const confirmDelete = useConfirmDeleteDiet();
  const [editing, setEditing] = useState(false);
  const recordedBy = diet.data?.consentBy ?? null;
  // Someone else's name is needed only when the kitchen or an admin entered it.
  const people = usePeople({ former: true, enabled: recordedBy !== null && recordedBy !== personId });
  const names = useMemo(() => nameMap(people.data), [people.data]);

  return (
    <SettingsSection
      id="food-own-diet-heading"
      title={t('foodKitchen.own.title')}
      intro={t('foodKitchen.own.intro')}
    >
      {diet.isPending && <Loader size="sm" aria-label={t('app.loading')} />}
      {diet.isError && (
        <LoadError
          title={t('foodKitchen.own.loadFailed')}
          error={diet.error}
          onRetry={() => void diet.refetch()}
        />
      )}
      {diet.data === null && (
        <Stack gap="sm" align="flex-start">
          <Text>{t('foodKitchen.own.none')}</Text>
          <Button leftSection={<IconPlus size={18} aria-hidden="true" />} onClick={() => setEditing(true)}>
            {t('foodKitchen.own.add')}
          </Button>
        </Stack>
      )}
      {diet.data && (
        <Stack gap="sm">
          <DietSummary diet={diet.data} />
          <Text size="sm" c="dimmed">
            {recordedBy === null || recordedBy === personId
              ? t('foodKitchen.own.recordedSelf', { date: format.date(diet.data.consentAt) })
              : t('foodKitchen.own.recordedBy', {
                  name: names.get(recordedBy) ?? t('foodKitchen.counts.unknownPerson'),
                  date: format.date(diet.data.consentAt),
                })}
          </Text>
          <Group gap="sm">
            <Button
              variant="default"
              leftSection={<IconPencil size={18} aria-hidden="true" />}
              onClick={() => setEditing(true)}
            >
              {t('foodKitchen.own.edit')}
            </Button>
            <Button
              variant="outline"
              color="red"
              leftSection={<IconTrash size={18} aria-hidden="true" />}
              onClick={() => confirmDelete(personId, null)}
            >
              {t('foodKitchen.own.delete')}
            </Button>
          </Group>
        </Stack>
      )}
      <DietFormModal
        opened={editing}
        onClose={() => setEditing(false)}
        subject={{ kind: 'own', personId }}
        diet={diet.data ?? null}
      />
    </SettingsSection>
  );
}

function EveryonesDiets() {
  const { t, i18n } = useTranslation();
  const format = useFormatters();
  const diets = useDiets();
  const people = usePeople({ former: true });
  const confirmDelete = useConfirmDeleteDiet();
  // Kept after closing, so the dialog keeps its title while it fades out.
  const [editor, setEditor] = useState<{ subject: DietSubject; diet: PersonDiet | null }>({
    subject: { kind: 'pick' },
    diet: null,
  });
  const [editorOpened, setEditorOpened] = useState(false);
  const openEditor = (subject: DietSubject, diet: PersonDiet | null) => {
    setEditor({ subject, diet });
    setEditorOpened(true);
  };
  const locale = localeTag(i18n.resolvedLanguage ?? i18n.language);
  const names = useMemo(() => nameMap(people.data), [people.data]);
  const nameOf = (personId: string) => names.get(personId) ?? t('foodKitchen.counts.unknownPerson');
  const rows = useMemo(
    () =>
      (diets.data ?? [])
        .map((diet) => ({ diet, name: names.get(diet.personId) ?? '' }))
        .sort(
          (a, b) => a.name.localeCompare(b.name, locale) || a.diet.personId.localeCompare(b.diet.personId),
        ),
    [diets.data, names, locale],
  );
  const taken = useMemo(() => new Set((diets.data ?? []).map((diet) => diet.personId)), [diets.data]);

  return (
    <SettingsSection
      id="food-all-diets-heading"
      title={t('foodKitchen.list.title')}
      intro={t('foodKitchen.list.intro')}
      actions={
        <Button
          variant="default"
          leftSection={<IconPlus size={18} aria-hidden="true" />}
          onClick={() => openEditor({ kind: 'pick' }, null)}
        >
          {t('foodKitchen.list.add')}
        </Button>
      }
    >
      {diets.isPending && <Loader size="sm" aria-label={t('app.loading')} />}
      {diets.isError && (
        <LoadError
          title={t('foodKitchen.list.loadFailed')}
          error={diets.error}
          onRetry={() => void diets.refetch()}
        />
      )}
      {diets.data && rows.length === 0 && <Text>{t('foodKitchen.list.empty')}</Text>}
      {rows.length > 0 && (
        <Table.ScrollContainer minWidth={760}>
          <Table verticalSpacing="sm" aria-labelledby="food-all-diets-caption">
            <Table.Caption id="food-all-diets-caption" style={{ captionSide: 'top', textAlign: 'start' }}>
              {t('foodKitchen.list.count', { count: rows.length })}
            </Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('foodKitchen.list.columns.name')}</Table.Th>
                <Table.Th scope="col">{t('foodKitchen.list.columns.allergens')}</Table.Th>
                <Table.Th scope="col">{t('foodKitchen.list.columns.diets')}</Table.Th>
                <Table.Th scope="col">{t('foodKitchen.list.columns.note')}</Table.Th>
                <Table.Th scope="col">{t('foodKitchen.list.columns.consent')}</Table.Th>
                <Table.Th scope="col" ta="end">
                  {t('foodKitchen.list.columns.actions')}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map(({ diet }) => {
                const name = nameOf(diet.personId);
                return (
                  <Table.Tr key={diet.personId}>
                    <Table.Th scope="row" fw={600}>
                      {name}
                    </Table.Th>
                    <Table.Td>
                      {diet.allergens.length > 0 ? (
                        <DietSummary diet={{ ...diet, diets: [], note: '' }} />
                      ) : (
                        <Text size="sm">{t('foodKitchen.summary.none')}</Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">
                        {diet.diets.length > 0
                          ? diet.diets.map((value) => t(`food.diet.${value}`)).join(', ')
                          : t('foodKitchen.summary.none')}
                      </Text>
                    </Table.Td>
                    <Table.Td maw={240}>
                      <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
                        {diet.note}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">
                        {diet.consentBy === null || diet.consentBy === diet.personId
                          ? t('foodKitchen.list.consentSelf', { date: format.date(diet.consentAt) })
                          : t('foodKitchen.list.consentBy', {
                              name: nameOf(diet.consentBy),
                              date: format.date(diet.consentAt),
                            })}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Group gap="xs" justify="flex-end" wrap="nowrap">
                        <Button
                          size="compact-sm"
                          variant="subtle"
                          leftSection={<IconPencil size={16} aria-hidden="true" />}
                          aria-label={t('foodKitchen.list.editLabel', { name })}
                          onClick={() => openEditor({ kind: 'person', personId: diet.personId, name }, diet)}
                        >
                          {t('foodKitchen.list.edit')}
                        </Button>
                        <Button
                          size="compact-sm"
                          variant="subtle"
                          color="red"
                          leftSection={<IconTrash size={16} aria-hidden="true" />}
                          aria-label={t('foodKitchen.list.deleteLabel', { name })}
                          onClick={() => confirmDelete(diet.personId, name)}
                        >
                          {t('foodKitchen.list.delete')}
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <DietFormModal
        opened={editorOpened}
        onClose={() => setEditorOpened(false)}
        subject={editor.subject}
        diet={editor.diet}
        taken={taken}
      />
    </SettingsSection>
  );
}
