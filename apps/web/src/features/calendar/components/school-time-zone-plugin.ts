import { createPlugin } from '@fullcalendar/core';
import { NamedTimeZoneImpl } from '@fullcalendar/core/internal';
import { schoolOffsetForWallClock, schoolWallClock } from '../model/school-time';

/**
 * FullCalendar supports only 'local' and 'UTC' without a zone plugin, and its moment/luxon
 * plugins would bring a date library for one zone. This hook does the same with Intl, so the
 * calendar is drawn in school time (Europe/Oslo) on any device, like the rest of the app.
 */
class SchoolTimeZone extends NamedTimeZoneImpl {
  offsetForArray(wall: number[]): number {
    return schoolOffsetForWallClock(wall);
  }

  timestampToArray(ms: number): number[] {
    return schoolWallClock(ms);
  }
}

export const schoolTimeZonePlugin = createPlugin({
  name: 'tun-school-time-zone',
  namedTimeZonedImpl: SchoolTimeZone,
});
