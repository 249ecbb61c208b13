import { Stack, Text } from '@mantine/core';
import { shortFullName } from '@tun/shared/names';
import type { Supervision } from '@tun/shared/supervision';
import { todayInSchoolZone } from '@tun/shared/time';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../lib/dates';
import { useSession } from '../../../entities/session/get-session';
import { PhoneLink } from '../../../components/phone-link';

/**
 * Who is on duty and how to reach them. The school's supervision phone comes first: it is the
 * number that follows the duty. Without one, the person's own phone, if they have one.
 */
export function SupervisionStatus({
  supervision,
  size = 'md',
}: {
  supervision: Supervision;
  size?: 'md' | 'xl';
}) {
  const { t } = useTranslation();
  const format = useFormatters();
  const session = useSession();
  const { current, supervisionPhone } = supervision;
  const isMe = current?.personId === session.user.id;
  const since =
    current?.since &&
    (todayInSchoolZone(new Date(current.since)) === todayInSchoolZone()
      ? t('supervision.sinceTime', { time: format.time(current.since) })
      : t('supervision.sinceDateTime', { dateTime: format.dateTime(current.since) }));
  const phone = supervisionPhone ?? current?.phone ?? null;

  return (
    <Stack gap="xs">
      <div>
        {current ? (
          <>
            <Text size="sm" c="dimmed">
              {t('supervision.onDutyLabel')}
            </Text>
            <Text fw={700} fz={size === 'xl' ? 28 : 20} lh={1.25}>
              {isMe
                ? t('supervision.you', { name: shortFullName(current.name) })
                : shortFullName(current.name)}
            </Text>
            {since && (
              <Text size="sm" c="dimmed">
                {since}
              </Text>
            )}
          </>
        ) : (
          <Text fw={600}>{t('supervision.nobody')}</Text>
        )}
      </div>
      {phone ? (
        <div>
          <Text size="sm" c="dimmed">
            {supervisionPhone ? t('supervision.phoneLabel') : t('supervision.personalPhoneLabel')}
          </Text>
          <PhoneLink phone={phone} fw={700} fz={size === 'xl' ? 24 : 18} />
        </div>
      ) : (
        <Text size="sm" c="dimmed">
          {t('supervision.noPhone')}
        </Text>
      )}
    </Stack>
  );
}
