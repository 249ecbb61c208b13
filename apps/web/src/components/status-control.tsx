import { SegmentedControl } from '@mantine/core';
import { ATTENDANCE_STATUSES, type AttendanceStatus } from '@tun/shared/attendance';
import { useTranslation } from 'react-i18next';

/**
 * Each status has its own colour so a teacher sees the sheet at a glance; the text says it too.
 * Shades chosen for WCAG AA with their text (white on teal 9 and red 9, black on yellow 6).
 */
export const STATUS_COLORS: Record<AttendanceStatus, string> = {
  attending: 'teal.9',
  notAttending: 'red.9',
  justifiedLeave: 'yellow.6',
};

export function isAttendanceStatus(value: unknown): value is AttendanceStatus {
  return typeof value === 'string' && (ATTENDANCE_STATUSES as readonly string[]).includes(value);
}

/** Til stede, Ikke til stede, Gyldig fravær: present first, the usual answer. */
const ORDER: readonly AttendanceStatus[] = ['attending', 'notAttending', 'justifiedLeave'];

interface StatusControlProps {
  /** None chosen yet (a scholar's proposal): no option is checked. */
  value: AttendanceStatus | null;
  onChange: (status: AttendanceStatus) => void;
  /** The id of the student's name: the radio group is named by it. */
  labelledBy: string;
  disabled?: boolean;
}

/**
 * One tap per student: a radio group (arrow keys move between the three) with big targets. A tap
 * or Space on the status already shown counts too: a radio that is checked fires no change (and
 * Chromium no click on Space), but the teacher confirming what a scan showed is a registration.
 */
export function StatusControl({ value, onChange, labelledBy, disabled }: StatusControlProps) {
  const { t } = useTranslation();
  const data = ORDER.map((status) => ({
    value: status,
    label: t(`attendanceStatus.${status}`),
  }));
  const reselect = (target: EventTarget) => {
    if (target instanceof HTMLInputElement && target.value === value && isAttendanceStatus(target.value)) {
      onChange(target.value);
    }
  };
  return (
    <SegmentedControl
      data={data}
      value={value ?? ''}
      onChange={(next) => {
        if (isAttendanceStatus(next)) onChange(next);
      }}
      onClick={(event) => reselect(event.target)}
      onKeyDown={(event) => {
        if (event.key === ' ') reselect(event.target);
      }}
      aria-labelledby={labelledBy}
      color={value ? STATUS_COLORS[value] : undefined}
      autoContrast
      disabled={disabled}
      fullWidth
      transitionDuration={0}
      styles={{
        root: { minWidth: 'min(100%, 22rem)' },
        // 44 px targets (WCAG 2.5.5), thumbs on a phone.
        label: {
          minHeight: 44,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          whiteSpace: 'normal',
          lineHeight: 1.2,
        },
      }}
    />
  );
}
