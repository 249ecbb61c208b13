import { Box, Text } from '@mantine/core';
import type { Leave } from '@tun/shared/leave';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PhoneLink } from '../../components/phone-link';
import { localeTag, useFormatters } from '../../lib/dates';
import { formatLeavePeriod } from './leave-period';

export interface LeaveFact {
  term: string;
  value: ReactNode;
}

/**
 * What an application says, as a list of terms: the period, the category, whether the school
 * counts it as valid leave, whether they sleep away, the phone while away, the reason, and the
 * decision with its comment. `before` comes first (the approver's student and lines). Two
 * columns that stay narrow enough for a phone.
 */
export function LeaveFacts({
  leave,
  before = [],
  withCategory = true,
}: {
  leave: Leave;
  before?: LeaveFact[];
  /** Without it when the heading names the category already. */
  withCategory?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const format = useFormatters();
  const locale = localeTag(i18n.resolvedLanguage ?? i18n.language);
  const facts: LeaveFact[] = [
    ...before,
    { term: t('leave.facts.period'), value: formatLeavePeriod(leave, locale) },
    ...(withCategory
      ? [{ term: t('leave.facts.category'), value: t(`leave.category.${leave.category}`) }]
      : []),
    {
      term: t('leave.facts.absence'),
      value: leave.justified ? t('attendanceStatus.justifiedLeave') : t('attendanceStatus.notAttending'),
    },
    {
      term: t('leave.facts.night'),
      value: leave.sleepsAway ? t('leave.facts.sleepsAway') : t('leave.facts.sleepsHome'),
    },
    {
      term: t('leave.facts.phone'),
      value: leave.phone ? <PhoneLink phone={leave.phone} /> : t('leave.facts.ownPhone'),
    },
    { term: t('leave.facts.reason'), value: leave.reason },
  ];
  if (leave.decidedAt && leave.status !== 'pending') {
    facts.push({
      term: t(`leave.facts.decided.${leave.status}`),
      value: format.dateTime(leave.decidedAt),
    });
  }
  if (leave.comment) facts.push({ term: t('leave.facts.comment'), value: leave.comment });
  return (
    <Box
      component="dl"
      m={0}
      style={{
        display: 'grid',
        gridTemplateColumns: 'minmax(5.5rem, max-content) minmax(0, 1fr)',
        columnGap: 'var(--mantine-spacing-sm)',
        rowGap: 4,
      }}
    >
      {facts.map((fact) => (
        <Box key={fact.term} display="contents">
          <Text component="dt" size="sm" c="dimmed">
            {fact.term}
          </Text>
          <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
            {fact.value}
          </Text>
        </Box>
      ))}
    </Box>
  );
}
