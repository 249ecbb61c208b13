import { Alert, Box, Button, Group, List, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconChecks, IconInfoCircle, IconSearch, IconSend } from '@tabler/icons-react';
import type { Proposal } from '@tun/shared/attendance';
import type { CalendarEvent } from '@tun/shared/calendar';
import { useCallback, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { useErrorMessage } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { usePreliminary } from '../../../entities/attendance/get-preliminary';
import { useCan } from '../../../entities/session/access';
import { useElectives } from '../../../entities/electives/get-electives';
import { useGroups } from '../../../entities/groups/get-groups';
import { usePeople } from '../../../entities/people/get-people';
import { useSubmitProposal } from '../api/submit-proposal';
import { ProposeRow, useProposeRowTexts } from './propose-row';
import { useStatusLabels } from '../../../components/status-control';
import {
  expectedStudents,
  filterStudents,
  markAll,
  markCounts,
  marksFromProposal,
  preliminaryByStudent,
  proposalInput,
  recordErrors,
  schoolDateOf,
  withMark,
  type MarkKey,
  type Marks,
  type StudentMark,
} from '../model/proposal-model';
import { MarkBadge } from './status-picker';

const SUMMARY: readonly MarkKey[] = ['attending', 'notAttending', 'justifiedLeave', 'unmarked'];

/** Above this many students (a whole-school event has hundreds), a name filter helps. */
const FILTER_FROM = 15;

interface ProposeSheetProps {
  event: CalendarEvent;
  /** The scholar's own proposal for this event, if they sent one. */
  proposal: Proposal | undefined;
}

/**
 * The scholar's sheet for one event: the students it expects (a scholar may not read others'
 * attendance, so the list comes from the event's lines, electives and groups), one tap each,
 * «Alle til stede», notes, and «Send forslag». Mounted per event, so marks never leak between events.
 */
export function ProposeSheet({ event, proposal }: ProposeSheetProps) {
  const { t, i18n } = useTranslation();
  const statusLabels = useStatusLabels();
  const rowTexts = useProposeRowTexts(t);
  const errorMessage = useErrorMessage();
  const headingId = useId();
  const people = usePeople();
  const electives = useElectives();
  const groups = useGroups();
  const canSeePreliminary = useCan('preliminaryAbsence:view');
  const date = schoolDateOf(event.start);
  const preliminary = usePreliminary(canSeePreliminary ? { from: date, to: date } : null);
  const submit = useSubmitProposal();
  // Goes on from what the scholar sent before, so a correction is a tap, not a new sheet.
  const [marks, setMarks] = useState<Marks>(() => marksFromProposal(proposal));
  const [filter, setFilter] = useState('');

  const locale = i18n.resolvedLanguage ?? i18n.language;
  const students = useMemo(
    () =>
      people.data && electives.data && groups.data
        ? expectedStudents(
            event.groupsAttending,
            { people: people.data, electives: electives.data, groups: groups.data },
            locale,
          )
        : null,
    [event.groupsAttending, people.data, electives.data, groups.data, locale],
  );
  const known = useMemo(() => preliminaryByStudent(preliminary.data, event), [preliminary.data, event]);
  const onMark = useCallback(
    (studentId: string, change: StudentMark) => setMarks((current) => withMark(current, studentId, change)),
    [],
  );

  const decided = proposal !== undefined && proposal.state !== 'pending';
  const loadError = people.error ?? electives.error ?? groups.error;

  if (loadError) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('proposals.propose.studentsLoadFailed')}</Text>
          <Text size="sm">{errorMessage(loadError)}</Text>
        </Stack>
      </Alert>
    );
  }
  if (!students) return <Loader aria-label={t('app.loading')} />;

  const counts = markCounts(students, marks);
  const shown = students.length > FILTER_FROM ? filterStudents(students, filter) : students;
  const send = () => {
    submit.mutate(
      { eventId: event.id, input: proposalInput(students, marks) },
      {
        onSuccess: () =>
          notify({ color: 'teal', message: t('proposals.propose.sent', { name: event.name }) }),
      },
    );
  };
  const refused = submit.error instanceof ApiError ? recordErrors(submit.error.problem.errors, students) : [];

  return (
    <Stack gap="md" component="section" aria-labelledby={headingId}>
      <Group justify="space-between" align="center" gap="sm">
        <Title order={3} id={headingId}>
          {t('proposals.propose.students', { count: students.length })}
        </Title>
        {students.length > 0 && (
          <Button
            variant="light"
            leftSection={<IconChecks size={18} aria-hidden="true" />}
            disabled={decided}
            onClick={() => setMarks((current) => markAll(students, current, 'attending'))}
          >
            {t('proposals.propose.allPresent')}
          </Button>
        )}
      </Group>

      {proposal && (
        <Alert
          color={proposal.state === 'pending' ? 'blue' : proposal.state === 'approved' ? 'teal' : 'gray'}
          variant="light"
          icon={<IconInfoCircle aria-hidden="true" />}
        >
          {t(`proposals.propose.already.${proposal.state}`)}
        </Alert>
      )}

      {students.length === 0 ? (
        <Text>{t('proposals.propose.noStudents')}</Text>
      ) : (
        <>
          <Text size="sm" c="dimmed">
            {t('proposals.propose.unmarkedHint')}
          </Text>
          {students.length > FILTER_FROM && (
            <TextInput
              type="search"
              label={t('proposals.propose.filter')}
              leftSection={<IconSearch size={16} aria-hidden="true" />}
              value={filter}
              onChange={(change) => setFilter(change.currentTarget.value)}
              w={{ base: '100%', xs: 320 }}
            />
          )}
          {shown.length === 0 && <Text>{t('proposals.propose.filterEmpty')}</Text>}
          <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
            {shown.map((student) => (
              <ProposeRow
                key={student.id}
                student={student}
                mark={marks[student.id]}
                preliminary={known.get(student.id)}
                disabled={decided}
                onMark={onMark}
                statusLabels={statusLabels}
                texts={rowTexts}
                t={t}
              />
            ))}
          </Stack>
        </>
      )}

      {submit.isError && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle aria-hidden="true" />}
          title={t('proposals.propose.failed')}
          role="alert"
        >
          <Text size="sm">{errorMessage(submit.error)}</Text>
          {refused.length > 0 && (
            <List size="sm" mt="xs">
              {refused.map((item, index) => (
                <List.Item key={`${item.studentId ?? ''}-${index}`}>
                  {item.name ? `${item.name}: ${item.message}` : item.message}
                </List.Item>
              ))}
            </List>
          )}
        </Alert>
      )}

      {students.length > 0 && !decided && (
        // Stays in reach at the bottom of a phone screen while scrolling through 40 students
        // (above the radio groups, which stack their labels over their indicator).
        <Box
          pos="sticky"
          bottom={0}
          py="sm"
          style={{
            background: 'var(--mantine-color-body)',
            borderTop: '1px solid var(--mantine-color-default-border)',
            zIndex: 5,
          }}
        >
          <Group justify="space-between" align="center" gap="sm">
            <Group gap={6} aria-label={t('proposals.propose.summary')} role="group">
              {SUMMARY.map((key) => (
                <Group key={key} gap={4} wrap="nowrap">
                  <MarkBadge mark={key} size="sm" />
                  <Text size="sm" fw={600}>
                    {counts[key]}
                  </Text>
                </Group>
              ))}
            </Group>
            <Button
              leftSection={<IconSend size={18} aria-hidden="true" />}
              loading={submit.isPending}
              onClick={send}
            >
              {proposal ? t('proposals.propose.submitAgain') : t('proposals.propose.submit')}
            </Button>
          </Group>
        </Box>
      )}
    </Stack>
  );
}
