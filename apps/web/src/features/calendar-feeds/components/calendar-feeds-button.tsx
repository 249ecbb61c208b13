import {
  Alert,
  Button,
  Divider,
  Group,
  Loader,
  Modal,
  Radio,
  Select,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { useQuery } from '@tanstack/react-query';
import { IconAlertCircle, IconCalendarShare, IconLink } from '@tabler/icons-react';
import type { CalendarFeed, CalendarFeedKind } from '@tun/shared/calendar';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyableLinkField } from '../../../components/copyable-link-field';
import { isApiError } from '../../../lib/api-client';
import { useFormatters } from '../../../lib/dates';
import { useErrorMessage } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { useCan } from '../../../entities/session/access';
import { linesQueryOptions } from '../../../entities/lines/get-lines';
import { useRooms } from '../../../entities/rooms/get-rooms';
import { useCreateCalendarFeed } from '../api/create-calendar-feed';
import { useCalendarFeeds } from '../api/get-calendar-feeds';
import { useRevokeCalendarFeed } from '../api/revoke-calendar-feed';
import { LoadError } from '../../../components/load-error';

/**
 * «Abonner i kalenderapp» on the calendar page: private iCal addresses of one's own calendar
 * and, for staff, of a line's or a room's. An address is shown once, when it is made; after
 * that only the fact that it exists, and a way to revoke it.
 */
export function CalendarFeedsButton() {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconCalendarShare size={16} aria-hidden="true" />}
        onClick={() => setOpened(true)}
      >
        {t('calendarFeeds.open')}
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={t('calendarFeeds.title')}
        size="lg"
        closeButtonProps={{ 'aria-label': t('app.close') }}
      >
        {/* Mounted only while open: a new address is gone once the dialog closes. */}
        {opened && <CalendarFeedsDialog />}
      </Modal>
    </>
  );
}

/** Names of the school's lines and rooms, for labels and pickers; fetched only when needed. */
function useTargets(enabled: boolean) {
  const lines = useQuery({ ...linesQueryOptions, enabled });
  const rooms = useRooms({ enabled });
  return {
    lines: lines.data ?? [],
    rooms: rooms.data ?? [],
    ready: !enabled || (lines.data !== undefined && rooms.data !== undefined),
  };
}

function CalendarFeedsDialog() {
  const { t } = useTranslation();
  const staff = useCan('calendarFeeds:lineAndRoom');
  const feeds = useCalendarFeeds();
  const anyTargets = staff || (feeds.data ?? []).some((feed) => feed.kind !== 'person');
  const targets = useTargets(anyTargets);

  const labelOf = (feed: Pick<CalendarFeed, 'kind' | 'targetId'>): string => {
    if (feed.kind === 'person' || !targets.ready) return t(`calendarFeeds.kinds.${feed.kind}`);
    const list = feed.kind === 'line' ? targets.lines : targets.rooms;
    const name = list.find((item) => item.id === feed.targetId)?.name ?? t('calendarFeeds.deletedTarget');
    return t(feed.kind === 'line' ? 'calendarFeeds.feedLine' : 'calendarFeeds.feedRoom', { name });
  };

  return (
    <Stack gap="md">
      <Text>{t('calendarFeeds.intro')}</Text>
      <NewFeed staff={staff} targets={targets} labelOf={labelOf} />
      <Divider />
      <Stack gap="xs">
        <Title order={3} size="h5">
          {t('calendarFeeds.yourFeeds')}
        </Title>
        {feeds.isPending && <Loader size="sm" aria-label={t('app.loading')} />}
        {feeds.isError && <LoadError title={t('calendarFeeds.loadFailed')} error={feeds.error} />}
        {feeds.data?.length === 0 && <Text>{t('calendarFeeds.none')}</Text>}
        {feeds.data && feeds.data.length > 0 && (
          <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
            {feeds.data.map((feed) => (
              <FeedRow key={feed.id} feed={feed} label={labelOf(feed)} />
            ))}
          </Stack>
        )}
      </Stack>
    </Stack>
  );
}

function FeedRow({ feed, label }: { feed: CalendarFeed; label: string }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const errorMessage = useErrorMessage();
  const revoke = useRevokeCalendarFeed();

  const confirm = () =>
    modals.openConfirmModal({
      title: t('calendarFeeds.revokeTitle'),
      closeButtonProps: { 'aria-label': t('app.close') },
      children: <Text>{t('calendarFeeds.revokeBody', { name: label })}</Text>,
      labels: { confirm: t('calendarFeeds.revokeConfirm'), cancel: t('calendarFeeds.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        revoke.mutate(feed.id, {
          onSuccess: () => notify({ color: 'fjord', message: t('calendarFeeds.revoked') }),
          onError: (error) =>
            notify({ color: 'red', title: t('calendarFeeds.revokeFailed'), message: errorMessage(error) }),
        }),
    });

  return (
    <Group component="li" justify="space-between" wrap="nowrap" gap="sm">
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text fw={600}>{label}</Text>
        <Text size="sm" c="dimmed">
          {t('calendarFeeds.created', { date: format.dateTime(feed.createdAt) })}
        </Text>
      </Stack>
      <Button
        variant="subtle"
        color="red"
        size="compact-sm"
        loading={revoke.isPending}
        onClick={confirm}
        aria-label={t('calendarFeeds.revokeLabel', { name: label })}
      >
        {t('calendarFeeds.revoke')}
      </Button>
    </Group>
  );
}

interface NewFeedProps {
  staff: boolean;
  targets: ReturnType<typeof useTargets>;
  labelOf: (feed: Pick<CalendarFeed, 'kind' | 'targetId'>) => string;
}

function NewFeed({ staff, targets, labelOf }: NewFeedProps) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const create = useCreateCalendarFeed();
  const [kind, setKind] = useState<CalendarFeedKind>('person');
  const [targetId, setTargetId] = useState<string | null>(null);
  const [missingTarget, setMissingTarget] = useState(false);
  const linkFieldId = useId();

  const options = (kind === 'line' ? targets.lines : targets.rooms).map((item) => ({
    value: item.id,
    label: item.name,
  }));
  const created = create.data;

  const submit = () => {
    if (kind !== 'person' && targetId === null) {
      setMissingTarget(true);
      return;
    }
    create.mutate({ kind, targetId: kind === 'person' ? null : targetId });
  };

  return (
    <Stack gap="sm">
      <Title order={3} size="h5">
        {t('calendarFeeds.newFeed')}
      </Title>
      {staff && (
        <Radio.Group
          label={t('calendarFeeds.kindLabel')}
          value={kind}
          onChange={(value) => {
            setKind(value as CalendarFeedKind);
            setTargetId(null);
            setMissingTarget(false);
          }}
        >
          <Group gap="md" mt={6}>
            {(['person', 'line', 'room'] as const).map((option) => (
              <Radio key={option} value={option} label={t(`calendarFeeds.kinds.${option}`)} />
            ))}
          </Group>
        </Radio.Group>
      )}
      {staff && kind !== 'person' && (
        <Select
          label={t(`calendarFeeds.kinds.${kind}`)}
          placeholder={t(kind === 'line' ? 'calendarFeeds.linePlaceholder' : 'calendarFeeds.roomPlaceholder')}
          data={options}
          value={targetId}
          onChange={(value) => {
            setTargetId(value);
            setMissingTarget(false);
          }}
          searchable
          nothingFoundMessage={t('calendarFeeds.nothingFound')}
          error={missingTarget ? t('calendarFeeds.chooseTarget') : undefined}
        />
      )}
      <Group>
        <Button
          leftSection={<IconLink size={16} aria-hidden="true" />}
          loading={create.isPending}
          onClick={submit}
        >
          {t('calendarFeeds.create')}
        </Button>
      </Group>
      {create.isError && (
        <Alert
          role="alert"
          color="red"
          variant="light"
          icon={<IconAlertCircle aria-hidden="true" />}
          title={t('calendarFeeds.createFailed')}
        >
          {isApiError(create.error) && create.error.problem.detail
            ? create.error.problem.detail
            : errorMessage(create.error)}
        </Alert>
      )}
      {created && (
        <Stack gap={6} role="status">
          <CopyableLinkField
            id={linkFieldId}
            label={t('calendarFeeds.linkLabel', { name: labelOf(created) })}
            url={created.url}
          />
          <Text size="sm" fw={500}>
            {t('calendarFeeds.showOnce')}
          </Text>
        </Stack>
      )}
    </Stack>
  );
}
