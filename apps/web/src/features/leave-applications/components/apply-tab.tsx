import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { LeaveForm } from './leave-form';

/**
 * «Søk om permisjon» (decision 027): a student or scholar applies for themselves; the approvers
 * are told, and the applicant follows it under «Mine søknader».
 */
export function ApplyTab({ onApplied }: { onApplied: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Text c="dimmed" maw={560}>
        {t('leave.apply.intro')}
      </Text>
      <LeaveForm
        onSaved={() => {
          notify({ color: 'fjord', message: t('leave.apply.sent') });
          onApplied();
        }}
      />
    </Stack>
  );
}
