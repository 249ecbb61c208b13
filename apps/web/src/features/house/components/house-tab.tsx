import { Alert, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle, IconPrinter } from '@tabler/icons-react';
import type { HouseCheck, HousePerson } from '@tun/shared/leave';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error';
import { ButtonLink } from '../../../components/router-links';
import { isApiError } from '../../../lib/api-client';
import { useErrorMessage } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { useCheckHousePerson } from '../api/check-house-person';
import { useHouseTonight } from '../api/get-house-tonight';
import { groupByRoom, houseCounts } from '../model/house-model';
import { HouseAwayList } from './house-away-list';
import { HouseCounts } from './house-counts';
import { HousePersonItem } from './house-person-item';
import { useHouseFormat } from './use-house-format';

/**
 * «På huset i natt» (decision 027): who sleeps in the house tonight, by room, with the evening
 * check, and who is away for the night. Staff see it; a scholar while on supervision duty, and
 * otherwise a calm word that it comes with the duty.
 */
export function HouseTab() {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const format = useHouseFormat();
  const tonight = useHouseTonight();
  const check = useCheckHousePerson();
  const data = tonight.data;
  const rooms = useMemo(() => (data ? groupByRoom(data.people) : []), [data]);

  if (isApiError(tonight.error, 'house-not-on-duty')) return <NotOnDuty />;

  const onCheck = (person: HousePerson, status: HouseCheck | null) =>
    check.mutate(
      { personId: person.personId, status },
      {
        onError: (error) =>
          notify({
            color: 'red',
            title: t('house.check.failed', { name: format.name(person.name) }),
            message: errorMessage(error),
          }),
      },
    );

  return (
    <Stack gap="lg">
      {tonight.isPending && <Loader aria-label={t('app.loading')} />}
      {tonight.isError && !data && (
        <LoadError
          title={t('house.loadFailed')}
          error={tonight.error}
          onRetry={() => void tonight.refetch()}
        />
      )}
      {data && (
        <>
          <Stack gap="sm" component="section" aria-labelledby="house-night">
            <Group justify="space-between" align="flex-end" gap="sm">
              <Stack gap={2}>
                <Title order={2} size="h3" id="house-night">
                  {format.night(data.night)}
                </Title>
                <Text size="sm" c="dimmed">
                  <time dateTime={data.at}>{t('house.madeAt', { time: format.time(data.at) })}</time>
                </Text>
              </Stack>
              <ButtonLink
                to="/app/tilsyn/brannliste"
                variant="default"
                size="md"
                leftSection={<IconPrinter size={18} aria-hidden="true" />}
              >
                {t('house.printFireList')}
              </ButtonLink>
            </Group>
            <HouseCounts counts={houseCounts(data)} />
            <Text size="sm">{t('house.intro')}</Text>
          </Stack>

          {rooms.length === 0 && <Text>{t('house.nobody')}</Text>}
          {rooms.map((group, index) => {
            const room = group.room ?? t('house.noRoom');
            const headingId = `house-room-${index}`;
            return (
              <Stack key={group.room ?? ''} gap="xs" component="section" aria-labelledby={headingId}>
                <Group gap="xs" align="baseline">
                  <Title order={3} size="h4" id={headingId}>
                    {room}
                  </Title>
                  <Text size="sm" c="dimmed">
                    {t('house.roomCount', { count: group.people.length })}
                  </Text>
                </Group>
                <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
                  {group.people.map((person) => (
                    <HousePersonItem
                      key={person.personId}
                      person={person}
                      onCheck={(status) => onCheck(person, status)}
                    />
                  ))}
                </Stack>
              </Stack>
            );
          })}

          <Stack gap="xs" component="section" aria-labelledby="house-away">
            <Title order={2} size="h3" id="house-away">
              {t('house.away.heading')}
            </Title>
            <HouseAwayList away={data.away} />
          </Stack>
        </>
      )}
    </Stack>
  );
}

function NotOnDuty() {
  const { t } = useTranslation();
  return (
    <Alert
      color="fjord"
      variant="light"
      icon={<IconInfoCircle aria-hidden="true" />}
      title={t('house.notOnDuty.title')}
    >
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{t('house.notOnDuty.text')}</Text>
        <ButtonLink to="/app/tilsyn" search={{ tab: 'duty' }} variant="default" size="sm">
          {t('house.notOnDuty.goToDuty')}
        </ButtonLink>
      </Stack>
    </Alert>
  );
}
