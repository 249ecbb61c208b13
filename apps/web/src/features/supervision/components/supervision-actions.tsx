import { Button, Stack } from '@mantine/core';
import { shortFullName } from '@tun/shared/names';
import type { Supervision } from '@tun/shared/supervision';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { useCan } from '../../../entities/session/access';
import { useSession } from '../../../entities/session/get-session';
import { useReleaseSupervision } from '../api/release-supervision';
import { useTakeSupervision } from '../api/take-supervision';

/**
 * One tap to take over; the person on duty ends it. An admin may also end someone else's
 * duty (a forgotten one at the end of the evening).
 */
export function SupervisionActions({ supervision }: { supervision: Supervision }) {
  const { t } = useTranslation();
  const session = useSession();
  const canTake = useCan('supervision:take');
  const isAdmin = useCan('schoolInfo:change');
  const take = useTakeSupervision();
  const release = useReleaseSupervision();
  const errorMessage = useErrorMessage();
  if (!canTake) return null;

  const { current } = supervision;
  const isMe = current?.personId === session.user.id;
  const busy = take.isPending || release.isPending;

  const onTake = () =>
    take.mutate(undefined, {
      onSuccess: () => notify({ color: 'fjord', message: t('supervision.taken') }),
      onError: (error) => notify({ color: 'red', message: errorMessage(error) }),
    });
  const onRelease = (personId: string) =>
    release.mutate(personId, {
      onSuccess: () => notify({ color: 'fjord', message: t('supervision.released') }),
      onError: (error) => notify({ color: 'red', message: errorMessage(error) }),
    });

  return (
    <Stack gap="sm">
      {isMe ? (
        <Button
          size="lg"
          variant="outline"
          color="red"
          fullWidth
          loading={release.isPending}
          disabled={busy}
          onClick={() => onRelease(session.user.id)}
        >
          {t('supervision.release')}
        </Button>
      ) : (
        <Button size="xl" fullWidth loading={take.isPending} disabled={busy} onClick={onTake}>
          {t('supervision.take')}
        </Button>
      )}
      {!isMe && current && isAdmin && (
        <Button
          variant="subtle"
          color="red"
          disabled={busy}
          loading={release.isPending}
          onClick={() => onRelease(current.personId)}
        >
          {t('supervision.releaseFor', { name: shortFullName(current.name) })}
        </Button>
      )}
    </Stack>
  );
}
