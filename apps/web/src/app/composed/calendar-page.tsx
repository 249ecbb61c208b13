import { CalendarFeedsButton } from '../../features/calendar-feeds/components/calendar-feeds-button';
import { CalendarPage } from '../../features/calendar/pages/calendar-page';

export function CalendarRoute() {
  return <CalendarPage feeds={<CalendarFeedsButton />} />;
}
