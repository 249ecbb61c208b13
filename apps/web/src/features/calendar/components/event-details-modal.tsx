import { Badge, Button, ColorSwatch, Group, Modal, Stack } from '@mantine/core';
import { IconArrowBackUp, IconPencil, IconTrash } from '@tabler/icons-react';
import type { CalendarEvent, EventWithPolicies } from '@tun/shared/calendar';
import { useTranslation } from 'react-i18next';
import { EVENT_SHADES, EVENT_TYPE_COLORS } from '../model/calendar-model';
import { useCalendarNames } from '../../../entities/calendar/use-calendar-names';
import { useEventTime } from './use-event-time';

interface EventDetailsModalProps {
  opened: boolean;
  /** Kept while the dialog fades out, so its content does not vanish on the way. */
  /** With what the user may do with it: the server's answer, so only allowed actions show. */
  event: EventWithPolicies | null;
  onClose: () => void;
  onEdit: (event: CalendarEvent) => void;
  onDelete: (event: CalendarEvent) => void;
  onRevert: (event: CalendarEvent) => void;
}

/** What an event is, when and where, who attends, and what the user may do with it. */
export function EventDetailsModal({
  opened,
  event,
  onClose,
  onEdit,
  onDelete,
  onRevert,
}: EventDetailsModalProps) {
  const { t } = useTranslation();
  const names = useCalendarNames();
  const eventTime = useEventTime();

  let source = t('calendar.details.single');
  if (event?.source === 'schedule') source = t('calendar.details.fromSchedule');
  else if (event?.overrides) source = t('calendar.details.changedFromSchedule');

  const roomName = event ? names.roomName(event.roomUsed) : undefined;
  const attendees = event
    ? event.groupsAttending.length === 0
      ? [t('calendar.details.wholeSchool')]
      : names.attendees(event.groupsAttending, t('calendar.details.unknownGroup'))
    : undefined;

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={event?.name}
      closeButtonProps={{ 'aria-label': t('app.close') }}
      size="md"
    >
      {event && (
        <Stack gap="md">
          <dl className="tun-event-facts">
            <dt>{t('calendar.details.type')}</dt>
            <dd>
              <Badge
                variant="default"
                radius="sm"
                tt="none"
                leftSection={
                  <ColorSwatch
                    color={`var(--mantine-color-${EVENT_TYPE_COLORS[event.type]}-${EVENT_SHADES.border})`}
                    size={12}
                    aria-hidden="true"
                  />
                }
              >
                {t(`eventTypes.${event.type}`)}
              </Badge>
            </dd>
            <dt>{t('calendar.details.time')}</dt>
            <dd>{eventTime(event.start, event.end)}</dd>
            <dt>{t('calendar.details.room')}</dt>
            <dd>
              {roomName === null
                ? t('calendar.noRoom')
                : (roomName ?? (names.rooms ? t('calendar.details.unknownRoom') : '…'))}
            </dd>
            <dt>{t('calendar.details.attendees')}</dt>
            <dd>{attendees ? attendees.join(', ') : '…'}</dd>
            <dt>{t('calendar.details.mandatory')}</dt>
            <dd>{event.mandatory ? t('calendar.details.yes') : t('calendar.details.no')}</dd>
            <dt>{t('calendar.details.source')}</dt>
            <dd>{source}</dd>
          </dl>

          {(event.policies.change || event.policies.delete || event.policies.revert) && (
            <Group gap="xs" justify="flex-end" role="group" aria-label={t('calendar.details.actions')}>
              {event.policies.revert && (
                <Button
                  variant="default"
                  leftSection={<IconArrowBackUp size={16} aria-hidden="true" />}
                  onClick={() => onRevert(event)}
                >
                  {t('calendar.details.revert')}
                </Button>
              )}
              {event.policies.delete && (
                <Button
                  variant="light"
                  color="red"
                  leftSection={<IconTrash size={16} aria-hidden="true" />}
                  onClick={() => onDelete(event)}
                >
                  {t('calendar.details.delete')}
                </Button>
              )}
              {event.policies.change && (
                <Button
                  data-autofocus
                  leftSection={<IconPencil size={16} aria-hidden="true" />}
                  onClick={() => onEdit(event)}
                >
                  {t('calendar.details.edit')}
                </Button>
              )}
            </Group>
          )}
        </Stack>
      )}
    </Modal>
  );
}
