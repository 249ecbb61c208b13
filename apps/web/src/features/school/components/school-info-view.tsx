import { Anchor, SimpleGrid, Stack, Text } from '@mantine/core';
import type { School } from '@tun/shared/school';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../lib/dates';
import { PhoneLink } from '../../../components/phone-link';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text component="dt" size="sm" fw={600} c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0}>
        {children}
      </Text>
    </Stack>
  );
}

export function mapUrl(position: { lat: number; lon: number }): string {
  const { lat, lon } = position;
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=15/${lat}/${lon}`;
}

/** The school record for those who may only look at it (SPEC §6: admin changes, everyone views). */
export function SchoolInfoView({ school }: { school: School }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const notSet = (
    <Text component="span" c="dimmed">
      {t('schoolInfo.notSet')}
    </Text>
  );
  const coordinate = (value: number) => format.number(value, { maximumFractionDigits: 6 });
  return (
    <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="lg" m={0}>
      <Field label={t('schoolInfo.shortName')}>{school.shortName}</Field>
      <Field label={t('schoolInfo.longName')}>{school.longName}</Field>
      <Field label={t('schoolInfo.supervisionPhone')}>
        {school.supervisionPhone ? <PhoneLink phone={school.supervisionPhone} /> : notSet}
      </Field>
      <Field label={t('schoolInfo.lat')}>{school.position ? coordinate(school.position.lat) : notSet}</Field>
      <Field label={t('schoolInfo.lon')}>
        {school.position ? (
          <>
            {coordinate(school.position.lon)}{' '}
            <Anchor href={mapUrl(school.position)} underline="always">
              {t('schoolInfo.showOnMap')}
            </Anchor>
          </>
        ) : (
          notSet
        )}
      </Field>
    </SimpleGrid>
  );
}
