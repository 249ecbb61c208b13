import { ATTENDANCE_STATUSES, type AttendanceStatus } from '@tun/shared/attendance-status';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './status-control.module.css';

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

/** The statuses' names in the reader's language. */
export type StatusLabels = Record<AttendanceStatus, string>;

/** The statuses' names, looked up once by a list for all its rows. */
export function useStatusLabels(): StatusLabels {
  const { t } = useTranslation();
  return useMemo(
    () => ({
      attending: t('attendanceStatus.attending'),
      notAttending: t('attendanceStatus.notAttending'),
      justifiedLeave: t('attendanceStatus.justifiedLeave'),
    }),
    [t],
  );
}

interface StatusControlProps {
  /** None chosen yet (a scholar's proposal): no option is checked. */
  value: AttendanceStatus | null;
  labels: StatusLabels;
  onChange: (status: AttendanceStatus) => void;
  /** The id of the student's name: the radio group is named by it. */
  labelledBy: string;
  disabled?: boolean;
}

/**
 * One tap per student: a radio group (arrow keys move between the three) with big targets. A tap
 * or Space on the status already shown counts too: a radio that is checked fires no change (and
 * Chromium no click on Space), but the teacher confirming what a scan showed is a registration.
 * Native radios in labels, not Mantine's SegmentedControl, which measured itself after mounting.
 */
export function StatusControl({ value, labels, onChange, labelledBy, disabled }: StatusControlProps) {
  const name = useId();
  const reselect = (target: EventTarget) => {
    if (target instanceof HTMLInputElement && target.value === value && isAttendanceStatus(target.value)) {
      onChange(target.value);
    }
  };
  return (
    <div
      role="radiogroup"
      aria-labelledby={labelledBy}
      className={classes.root}
      data-disabled={disabled || undefined}
    >
      {ORDER.map((status) => (
        <label key={status} className={classes.option} data-status={status}>
          <input
            type="radio"
            className={classes.input}
            name={name}
            value={status}
            checked={value === status}
            disabled={disabled}
            onChange={() => onChange(status)}
            onClick={(event) => reselect(event.target)}
            onKeyDown={(event) => {
              if (event.key === ' ') reselect(event.target);
            }}
          />
          {labels[status]}
        </label>
      ))}
    </div>
  );
}
