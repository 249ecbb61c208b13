import { queryOptions } from '@tanstack/react-query';
import type { CalendarReferences } from '@tun/shared/calendar';
import { apiRequest } from '../../lib/api-client';

/**
 * What deleting a line, an elective or a group would change in the calendar. `path` is the
 * thing's own address (`/lines/{id}`). Asked right before deleting, so always fresh.
 */
export const calendarReferencesQueryOptions = (path: string) =>
  queryOptions({
    queryKey: ['calendarReferences', path],
    queryFn: ({ signal }) => apiRequest<CalendarReferences>(`${path}/references`, { signal }),
    staleTime: 0,
    gcTime: 0,
  });
