import { Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconPrinter } from '@tabler/icons-react';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error';
import { ButtonLink } from '../../../components/router-links';
import { useSession } from '../../../entities/session/get-session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useHouseTonight } from '../api/get-house-tonight';
import { useHouseFormat } from '../components/use-house-format';
import { fireListGroups } from '../model/house-model';
import './fire-list.css';

/** Print hides the app shell only while this page is open (see fire-list.css). */
function usePrintingClass() {
  useEffect(() => {
    document.body.classList.add('tun-printing-fire-list');
    return () => document.body.classList.remove('tun-printing-fire-list');
  }, []);
}

/**
 * /app/tilsyn/brannliste: everyone in the house right now, by room, on an A4 sheet with a box
 * to tick at the muster point and the time it was made (decision 027). The same answer as
 * «På huset i natt»: not those away on leave, not those checked «Ikke inne».
 */
export function FireListPage() {
  const { t } = useTranslation();
  const format = useHouseFormat();
  const session = useSession();
  const tonight = useHouseTonight();
  const title = t('house.fireList.title', { school: session.school.longName });
  useDocumentTitle(title);
  usePrintingClass();

  const data = tonight.data;
  const rooms = useMemo(() => (data ? fireListGroups(data) : []), [data]);
  const count = rooms.reduce((sum, group) => sum + group.people.length, 0);
  // The sheet is the answer of the moment it is printed, not of when the page was opened.
  const printNow = async () => {
    await tonight.refetch();
    window.print();
  };

  return (
    <Stack gap="md" className="tun-fire-list" maw={820}>
      <Group className="tun-no-print" justify="space-between">
        <ButtonLink
          to="/app/tilsyn"
          search={{ tab: 'house' }}
          variant="default"
          leftSection={<IconArrowLeft size={16} aria-hidden="true" />}
        >
          {t('house.fireList.back')}
        </ButtonLink>
        <Button
          leftSection={<IconPrinter size={16} aria-hidden="true" />}
          onClick={() => void printNow()}
          disabled={!data}
        >
          {t('house.fireList.print')}
        </Button>
      </Group>

      <Stack gap={2}>
        <Title order={1}>{title}</Title>
        {data && (
          <Text>
            {format.night(data.night)} ·{' '}
            <time dateTime={data.at}>
              {t('house.fireList.madeAt', { dateTime: format.dateTime(data.at) })}
            </time>
          </Text>
        )}
      </Stack>

      {tonight.isPending && <Loader size="sm" aria-label={t('app.loading')} />}
      {tonight.isError && !data && (
        <LoadError
          title={t('house.loadFailed')}
          error={tonight.error}
          onRetry={() => void tonight.refetch()}
        />
      )}

      {data && (
        <>
          <Text fw={700} size="lg">
            {t('house.fireList.count', { count })}
          </Text>
          <Text size="sm">{t('house.fireList.note')}</Text>
          {count === 0 ? (
            <Text>{t('house.fireList.empty')}</Text>
          ) : (
            <table className="tun-fire-list-table" aria-label={t('house.fireList.tableLabel')}>
              <thead>
                <tr>
                  <th scope="col" className="tun-fire-list-box-cell">
                    {t('house.fireList.mustered')}
                  </th>
                  <th scope="col">{t('house.fireList.name')}</th>
                  <th scope="col">{t('house.fireList.phone')}</th>
                </tr>
              </thead>
              {rooms.map((group) => (
                <tbody key={group.room ?? ''}>
                  <tr className="tun-fire-list-room">
                    <th scope="rowgroup" colSpan={3}>
                      {group.room ?? t('house.noRoom')}
                    </th>
                  </tr>
                  {group.people.map((person) => (
                    <tr key={person.personId}>
                      <td className="tun-fire-list-box-cell">
                        <span className="tun-fire-list-box" aria-hidden="true" />
                      </td>
                      <td>{format.name(person.name)}</td>
                      <td>{person.phone ?? ''}</td>
                    </tr>
                  ))}
                </tbody>
              ))}
            </table>
          )}
        </>
      )}
    </Stack>
  );
}
