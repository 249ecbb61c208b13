import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** «Under 90 %»: in words as well as in colour (filled dark red keeps the text at AA contrast). */
export function BelowBadge() {
  const { t } = useTranslation();
  return (
    <Badge color="red.9" variant="filled" tt="none" style={{ flexShrink: 0 }}>
      {t('attendanceReport.below')}
    </Badge>
  );
}
