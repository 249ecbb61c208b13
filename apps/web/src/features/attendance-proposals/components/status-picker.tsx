import { Badge, SegmentedControl } from '@mantine/core';
import type { AttendanceStatus } from '@tun/shared/attendance';
import { useTranslation } from 'react-i18next';
import type { MarkKey } from './proposal-model';

/**
 * Each status has its own colour so a sheet reads at a glance; the text says it too. Shades
 * chosen for WCAG AA with their text (white on teal 9 and red 9, black on yellow 6), as on the
 * teacher's sheet.
 */
export const MARK_COLORS: Record<MarkKey, string> = {
  attending: 'teal.9',
  notAttending: 'red.9',
  justifiedLeave: 'yellow.6',
  unmarked: 'gray.7',
};

/** Present first: the order a teacher reads them in. */
const ORDER: readonly AttendanceStatus[] = ['attending', 'notAttending', 'justifiedLeave'];

function isStatus(value: string): value is AttendanceStatus {
  return (ORDER as readonly string[]).includes(value);
}

interface StatusPickerProps {
  /** None chosen yet: no option is checked. */
  value: AttendanceStatus | null;
  onChange: (status: AttendanceStatus) => void;
  /** The id of the student's name: the radio group is named by it. */
  labelledBy: string;
  disabled?: boolean;
}

/** One tap per student: a radio group (arrow keys move between the three) with big targets. */
export function StatusPicker({ value, onChange, labelledBy, disabled }: StatusPickerProps) {
  const { t } = useTranslation();
  return (
    <SegmentedControl
      data={ORDER.map((status) => ({ value: status, label: t(`attendanceStatus.${status}`) }))}
      // An empty value checks no option, so a student not yet marked looks unmarked.
      value={value ?? ''}
      onChange={(next) => {
        if (isStatus(next)) onChange(next);
      }}
      aria-labelledby={labelledBy}
      color={value ? MARK_COLORS[value] : undefined}
      autoContrast
      disabled={disabled}
      fullWidth
      transitionDuration={0}
      styles={{
        root: { minWidth: 'min(100%, 22rem)' },
        // 44 px targets (WCAG 2.5.5): thumbs on a phone.
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

/** A status as a label: the scholar's summary and the approver's table. */
export function MarkBadge({ mark, size = 'md' }: { mark: MarkKey; size?: 'sm' | 'md' | 'lg' }) {
  const { t } = useTranslation();
  return (
    <Badge size={size} variant="filled" color={MARK_COLORS[mark]} autoContrast tt="none">
      {mark === 'unmarked' ? t('proposals.unmarked') : t(`attendanceStatus.${mark}`)}
    </Badge>
  );
}
