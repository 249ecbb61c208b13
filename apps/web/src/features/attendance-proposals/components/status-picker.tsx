import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { STATUS_COLORS } from '../../../components/status-control';
import type { MarkKey } from '../model/proposal-model';

/** The sheet's colours, and grey for a student not marked yet. */
export const MARK_COLORS: Record<MarkKey, string> = { ...STATUS_COLORS, unmarked: 'gray.7' };

/** A status as a label: the scholar's summary and the approver's table. */
export function MarkBadge({ mark, size = 'md' }: { mark: MarkKey; size?: 'sm' | 'md' | 'lg' }) {
  const { t } = useTranslation();
  return (
    <Badge size={size} variant="filled" color={MARK_COLORS[mark]} autoContrast tt="none">
      {mark === 'unmarked' ? t('proposals.unmarked') : t(`attendanceStatus.${mark}`)}
    </Badge>
  );
}
