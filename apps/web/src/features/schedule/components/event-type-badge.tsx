import { Badge, ColorSwatch } from '@mantine/core';
import type { EventType } from '@tun/shared/calendar';
import { useTranslation } from 'react-i18next';

/** One colour per type, so a week can be scanned at a glance; the name is always shown too. */
export const EVENT_TYPE_COLORS: Record<EventType, string> = {
  dining: 'orange',
  elective: 'grape',
  class: 'fjord',
  physact: 'green',
  none: 'gray',
};

export function EventTypeBadge({ type }: { type: EventType }) {
  const { t } = useTranslation();
  const color = EVENT_TYPE_COLORS[type];
  return (
    <Badge
      variant="light"
      color={color}
      radius="sm"
      tt="none"
      leftSection={<ColorSwatch color={`var(--mantine-color-${color}-6)`} size={10} aria-hidden="true" />}
    >
      {t(`eventTypes.${type}`)}
    </Badge>
  );
}
