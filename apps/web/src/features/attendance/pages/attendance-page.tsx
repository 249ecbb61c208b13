import { Button, Group, Stack, Tabs, Title } from '@mantine/core';
import {
  IconCalendarEvent,
  IconCalendarOff,
  IconSchool,
  IconUser,
  IconUsersGroup,
} from '@tabler/icons-react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isStudentOrScholar } from '@tun/shared/roles';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useCan } from '../../../entities/session/access';
import { useSession } from '../../../entities/session/get-session';
import { AttendanceSheetView } from '../components/attendance-sheet';
import { LineAttendance } from '../components/line-attendance';
import { PreliminaryList } from '../components/preliminary-list';
import { StudentAttendance } from '../components/student-attendance';
import { TodayEvents } from '../components/today-events';

type Tab = 'today' | 'student' | 'line' | 'preliminary';

// Loaded when opened: its form and schemas are the page's only input checks, and the sheet,
// which this page opens most often, needs neither (docs/decisions/028-first-load.md).
const PreliminaryFormModal = lazy(() =>
  import('../components/preliminary-form-modal').then((module) => ({ default: module.PreliminaryFormModal })),
);

/**
 * SPEC §2 /app/attendance?type=…&id=…: type=event opens the sheet of that event, type=student
 * (and type=line, once the route accepts it) the view of one student or line; without them, staff
 * get today's events and the views by student, by line and of absence registered in advance.
 * Students and scholars see their own absence (SPEC §6).
 */
export function AttendancePage() {
  const { t } = useTranslation();
  useDocumentTitle(t('pages.attendance.title'));
  const search = useSearch({ from: '/app/attendance' });
  // Widened on purpose: the route may learn more types (a line) than it accepts today.
  const type: string | undefined = search.type;
  const id = search.id ?? null;

  if (type === 'event' && id) return <AttendanceSheetView key={id} eventId={id} />;
  return <AttendanceHome type={type} id={id} />;
}

function AttendanceHome({ type, id }: { type: string | undefined; id: string | null }) {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate({ from: '/app/attendance' });
  const canViewAll = useCan('absence:view');
  const canViewOwn = useCan('absence:view', { own: true });
  const canTake = useCan('absence:change');
  const canViewPreliminary = useCan('preliminaryAbsence:view');
  const canChangePreliminary = useCan('preliminaryAbsence:change');
  const [tab, setTab] = useState<Tab>(type === 'student' ? 'student' : type === 'line' ? 'line' : 'today');
  const [formOpen, setFormOpen] = useState(false);
  const studentId = type === 'student' ? id : null;
  // Students and scholars (SPEC §3) have records of their own; a scholar keeps those taken while a student.
  const hasOwnRecords = isStudentOrScholar(session.user.roles);

  const selectStudent = (next: string | null) =>
    void navigate({ search: next ? { type: 'student', id: next } : {}, replace: true });

  const header = (
    <Group justify="space-between" align="center" gap="sm">
      <Title order={1}>{t('pages.attendance.title')}</Title>
      {canChangePreliminary && (
        <Button
          leftSection={<IconCalendarOff size={18} aria-hidden="true" />}
          onClick={() => setFormOpen(true)}
        >
          {t('attendance.preliminary.open')}
        </Button>
      )}
    </Group>
  );

  return (
    <Stack gap="lg">
      {header}
      {canViewAll ? (
        <Tabs value={tab} onChange={(value) => setTab((value as Tab | null) ?? 'today')} keepMounted={false}>
          <Tabs.List>
            {canTake && (
              <Tabs.Tab value="today" leftSection={<IconCalendarEvent size={16} aria-hidden="true" />}>
                {t('attendance.tabs.today')}
              </Tabs.Tab>
            )}
            <Tabs.Tab value="student" leftSection={<IconUser size={16} aria-hidden="true" />}>
              {t('attendance.tabs.student')}
            </Tabs.Tab>
            {canTake && (
              <Tabs.Tab value="line" leftSection={<IconSchool size={16} aria-hidden="true" />}>
                {t('attendance.tabs.line')}
              </Tabs.Tab>
            )}
            {canViewPreliminary && (
              <Tabs.Tab value="preliminary" leftSection={<IconUsersGroup size={16} aria-hidden="true" />}>
                {t('attendance.tabs.preliminary')}
              </Tabs.Tab>
            )}
          </Tabs.List>
          <Tabs.Panel value="today" pt="md">
            <TodayEvents />
          </Tabs.Panel>
          <Tabs.Panel value="student" pt="md">
            <StudentAttendance studentId={studentId} onSelect={selectStudent} linkToSheet={canTake} />
          </Tabs.Panel>
          <Tabs.Panel value="line" pt="md">
            <LineAttendance initialLineId={type === 'line' ? id : null} />
          </Tabs.Panel>
          <Tabs.Panel value="preliminary" pt="md">
            <PreliminaryList canChange={canChangePreliminary} />
          </Tabs.Panel>
        </Tabs>
      ) : (
        <>
          {canViewOwn && hasOwnRecords && (
            <Stack gap="md" component="section" aria-labelledby="attendance-mine">
              <Title order={2} id="attendance-mine">
                {t('attendance.mine.title')}
              </Title>
              <StudentAttendance studentId={session.user.id} headingOrder={3} />
            </Stack>
          )}
          {canViewPreliminary && (
            <Stack gap="md" component="section" aria-labelledby="attendance-preliminary">
              <Title order={2} id="attendance-preliminary">
                {t('attendance.tabs.preliminary')}
              </Title>
              <PreliminaryList canChange={false} headingOrder={3} />
            </Stack>
          )}
        </>
      )}
      {canChangePreliminary && formOpen && (
        <Suspense fallback={null}>
          <PreliminaryFormModal opened onClose={() => setFormOpen(false)} />
        </Suspense>
      )}
    </Stack>
  );
}
