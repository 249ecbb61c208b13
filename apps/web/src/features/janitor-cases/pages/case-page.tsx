import { Alert, Divider, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { getRouteApi } from '@tanstack/react-router';
import type { Case } from '@tun/shared/maintenance';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error';
import { AnchorLink } from '../../../components/router-links';
import { NotFoundContent } from '../../../components/status-pages';
import { CaseStatusBadge } from '../../../entities/cases/case-status-badge';
import { usePeople } from '../../../entities/people/get-people';
import { useRooms } from '../../../entities/rooms/get-rooms';
import { isApiError } from '../../../lib/api-client';
import { useFormatters } from '../../../lib/dates';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useCase } from '../api/get-cases';
import { CaseComments } from '../components/case-comments';
import { AddCasePhotos, ReopenCase } from '../components/case-extras';
import { CaseHandlePanel } from '../components/case-handle-panel';
import { CaseHistory } from '../components/case-history';
import { CasePhotos } from '../components/case-photos';
import { personNames } from '../model/case-people';
import { roomNames } from '../model/case-order';

const route = getRouteApi('/app/janitor/cases/$caseId');

/**
 * One case (decision 026): what was reported, its photos, its history and comments, and what
 * the reader may do with it. The answer's policies decide every action shown; a case the
 * reader may not see is simply not found.
 */
export function CasePage() {
  const { t } = useTranslation();
  const { caseId } = route.useParams();
  const query = useCase(caseId);

  if (query.isError && isApiError(query.error) && query.error.status === 404) return <NotFoundContent />;
  return (
    <Stack gap="lg" maw={880}>
      <AnchorLink to="/app/janitor" size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden="true" />
          {t('janitorCases.case.back')}
        </Group>
      </AnchorLink>
      {query.isPending && <CaseSkeleton />}
      {query.isError && (
        <LoadError
          title={t('janitorCases.case.loadFailed')}
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      )}
      {query.data && <CaseDetails item={query.data} />}
    </Stack>
  );
}

function CaseSkeleton() {
  const { t } = useTranslation();
  useDocumentTitle(t('pages.janitor.title'));
  return (
    <Stack gap="sm" aria-busy="true" aria-label={t('janitorCases.case.loading')}>
      <Skeleton h={36} w="60%" />
      <Skeleton h={120} />
    </Stack>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
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

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="sm" component="section">
      <Title order={2} size="h4">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function CaseDetails({ item }: { item: Case }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const people = usePeople({ former: true });
  const rooms = useRooms();
  const names = useMemo(() => personNames(people.data), [people.data]);
  const roomName = item.roomId ? roomNames(rooms.data).get(item.roomId) : undefined;
  const number = t('janitorCases.caseNumber', { number: item.number });
  useDocumentTitle(`${number}: ${item.title}`);
  const name = (id: string | null) =>
    id ? (names.get(id) ?? t('janitorCases.deletedUser')) : t('janitorCases.deletedUser');

  return (
    <Stack gap="lg">
      <Stack gap={6}>
        <Group gap="sm">
          <Text fw={600} c="dimmed">
            {number}
          </Text>
          <CaseStatusBadge status={item.status} />
        </Group>
        <Title order={1} style={{ overflowWrap: 'anywhere' }}>
          {item.title}
        </Title>
      </Stack>

      {item.status === 'rejected' && item.rejectReason && (
        <Alert color="gray" variant="light" title={t('janitorCases.case.rejected')}>
          <Text style={{ whiteSpace: 'pre-wrap' }}>{item.rejectReason}</Text>
        </Alert>
      )}

      <Paper withBorder p="md" radius="md">
        <SimpleGrid component="dl" cols={{ base: 2, sm: 3 }} spacing="md" verticalSpacing="sm" m={0}>
          <Fact label={t('janitorCases.case.room')}>
            {item.roomId ? (roomName ?? t('janitorCases.case.roomGone')) : t('janitorCases.noRoom')}
          </Fact>
          <Fact label={t('janitorCases.case.category')}>{t(`cases.category.${item.category}`)}</Fact>
          <Fact label={t('janitorCases.case.urgency')}>{t(`cases.urgency.${item.urgency}`)}</Fact>
          <Fact label={t('janitorCases.case.submittedBy')}>{name(item.submittedBy)}</Fact>
          <Fact label={t('janitorCases.case.assignedTo')}>
            {item.assignedTo ? name(item.assignedTo) : t('janitorCases.case.nobody')}
          </Fact>
          <Fact label={t('janitorCases.case.reported')}>{format.dateTime(item.createdAt)}</Fact>
          <Fact label={t('janitorCases.case.updated')}>{format.dateTime(item.updatedAt)}</Fact>
          {item.solvedAt && (
            <Fact label={t('janitorCases.case.solved')}>{format.dateTime(item.solvedAt)}</Fact>
          )}
        </SimpleGrid>
      </Paper>

      <Section title={t('janitorCases.case.description')}>
        <Text
          style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
          c={item.description ? undefined : 'dimmed'}
        >
          {item.description || t('janitorCases.case.noDescription')}
        </Text>
      </Section>

      {(item.photos.length > 0 || item.policies.addPhoto) && (
        <Section title={t('janitorCases.case.photos')}>
          {item.photos.length > 0 && <CasePhotos photos={item.photos} />}
          {item.policies.addPhoto && <AddCasePhotos item={item} />}
        </Section>
      )}

      {item.policies.handle && <CaseHandlePanel item={item} />}

      {item.policies.reopen && (
        <Section title={t('janitorCases.reopen.title')}>
          <ReopenCase item={item} />
        </Section>
      )}

      <Section title={t('janitorCases.comments.title')}>
        <CaseComments item={item} names={names} />
      </Section>

      <Divider />
      <Section title={t('janitorCases.history.title')}>
        <CaseHistory item={item} names={names} />
      </Section>
    </Stack>
  );
}
