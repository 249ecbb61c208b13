import { Stack, Text } from '@mantine/core';
import type { Case } from '@tun/shared/maintenance';
import { useTranslation } from 'react-i18next';
import { CaseStatusBadge } from '../../../entities/cases/case-status-badge';
import { useFormatters } from '../../../lib/dates';

/** Every status the case has had, with who set it, when, and why. */
export function CaseHistory({ item, names }: { item: Case; names: Map<string, string> }) {
  const { t } = useTranslation();
  const format = useFormatters();
  return (
    <Stack gap="xs" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {item.history.map((change, index) => (
        <Stack component="li" gap={2} key={`${change.at}-${index}`}>
          <div>
            <CaseStatusBadge status={change.status} size="sm" />
          </div>
          <Text size="sm" c="dimmed">
            {t('janitorCases.history.by', {
              name: change.byId
                ? (names.get(change.byId) ?? t('janitorCases.deletedUser'))
                : // A round makes its cases by itself; anyone else without a name has been erased.
                  item.roundId && index === 0
                  ? t('janitorCases.history.round')
                  : t('janitorCases.deletedUser'),
              at: format.dateTime(change.at),
            })}
          </Text>
          {change.reason && (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {t('janitorCases.history.reason', { reason: change.reason })}
            </Text>
          )}
        </Stack>
      ))}
    </Stack>
  );
}
