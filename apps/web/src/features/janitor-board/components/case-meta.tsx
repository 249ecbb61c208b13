import { Badge } from '@mantine/core';
import type { CaseSummary } from '@tun/shared/maintenance';
import { useTranslation } from 'react-i18next';
import { AnchorLink } from '../../../components/router-links';
import { ageInDays } from '../model/case-filters';

/** «Sak 12: Dryppende kran», to the case's page. */
export function CaseLink({ entry }: { entry: CaseSummary }) {
  const { t } = useTranslation();
  return (
    <AnchorLink
      to="/app/janitor/cases/$caseId"
      params={{ caseId: entry.id }}
      fw={600}
      style={{ overflowWrap: 'anywhere' }}
    >
      {t('janitorBoard.caseTitle', { number: entry.number, title: entry.title })}
    </AnchorLink>
  );
}

/** «Haster» stands out as a badge and «Høy» in bold; lower urgencies are plain text. */
export function UrgencyLabel({ urgency }: { urgency: CaseSummary['urgency'] }) {
  const { t } = useTranslation();
  const label = t(`cases.urgency.${urgency}`);
  if (urgency === 'urgent') {
    return (
      <Badge variant="filled" color="red.9" radius="sm" tt="none">
        {label}
      </Badge>
    );
  }
  return urgency === 'high' ? <strong>{label}</strong> : <>{label}</>;
}

export function useAge() {
  const { t } = useTranslation();
  return (createdAt: string) => {
    const days = ageInDays(createdAt);
    return days === 0 ? t('janitorBoard.age.today') : t('janitorBoard.age.days', { count: days });
  };
}
