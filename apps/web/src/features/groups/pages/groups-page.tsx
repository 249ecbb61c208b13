import { Group as Row, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconArchive, IconPlus, IconUsersGroup } from '@tabler/icons-react';
import type { Group } from '@tun/shared/groups';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useCan } from '../../../entities/session/access';
import { ButtonLink } from '../../../components/router-links';
import { EditGroupModal } from '../components/edit-group-modal';
import { GroupList } from '../components/group-list';
import { useConfirmDeleteGroup } from '../components/use-confirm-delete-group';
import { useGroups } from '../../../entities/groups/get-groups';
import { usePeople } from '../../../entities/people/get-people';
import { LoadError } from '../../../components/load-error';

/** Active groups first, nearest end date first; the archive shows the latest ended first. */
function sortActive(a: Group, b: Group, locale: string) {
  if (a.endDate !== b.endDate) {
    if (a.endDate === null) return 1;
    if (b.endDate === null) return -1;
    return a.endDate < b.endDate ? -1 : 1;
  }
  return a.name.localeCompare(b.name, locale);
}

function sortArchived(a: Group, b: Group, locale: string) {
  if (a.endDate !== b.endDate) return (a.endDate ?? '') < (b.endDate ?? '') ? 1 : -1;
  return a.name.localeCompare(b.name, locale);
}

/** /app/groups: temporary groups (SPEC §2), with ended groups in the archive. */
export function GroupsPage() {
  const { t, i18n } = useTranslation();
  useDocumentTitle(t('pages.groups.title'));
  const canChange = useCan('groups:change');
  const groups = useGroups();
  const people = usePeople();
  const confirmDelete = useConfirmDeleteGroup();
  const [editingId, setEditingId] = useState<string | null>(null);
  const [tab, setTab] = useState<string | null>('active');

  const all = groups.data ?? [];
  const active = all.filter((group) => !group.archived).sort((a, b) => sortActive(a, b, i18n.language));
  const archived = all.filter((group) => group.archived).sort((a, b) => sortArchived(a, b, i18n.language));
  // From the live list, so the dialog follows changes and closes if the group is deleted meanwhile.
  const editing = all.find((group) => group.id === editingId) ?? null;

  const list = (items: Group[], empty: string) =>
    items.length === 0 ? (
      <Text c="dimmed">{empty}</Text>
    ) : (
      <GroupList
        groups={items}
        people={people.data}
        canChange={canChange}
        onEdit={(group) => setEditingId(group.id)}
        onDelete={confirmDelete}
      />
    );

  return (
    <Stack gap="lg">
      <Row justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1}>{t('pages.groups.title')}</Title>
          <Text c="dimmed">{t('groups.intro')}</Text>
        </Stack>
        {canChange && (
          <ButtonLink to="/app/groups/new" leftSection={<IconPlus size={18} aria-hidden="true" />}>
            {t('groups.new')}
          </ButtonLink>
        )}
      </Row>
      {groups.isPending && <Loader aria-label={t('app.loading')} />}
      {groups.isError && !groups.data && (
        <LoadError error={groups.error} onRetry={() => void groups.refetch()} />
      )}
      {groups.data && (
        <Tabs value={tab} onChange={setTab} keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="active" leftSection={<IconUsersGroup size={16} aria-hidden="true" />}>
              {t('groups.tabs.active', { count: active.length })}
            </Tabs.Tab>
            <Tabs.Tab value="archive" leftSection={<IconArchive size={16} aria-hidden="true" />}>
              {t('groups.tabs.archive', { count: archived.length })}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="active" pt="md">
            {list(active, t('groups.emptyActive'))}
          </Tabs.Panel>
          <Tabs.Panel value="archive" pt="md">
            {list(archived, t('groups.emptyArchive'))}
          </Tabs.Panel>
        </Tabs>
      )}
      {canChange && <EditGroupModal group={editing} onClose={() => setEditingId(null)} />}
    </Stack>
  );
}
