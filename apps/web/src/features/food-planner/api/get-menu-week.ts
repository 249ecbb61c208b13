import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MenuWeek } from '@tun/shared/food';
import { menuWeekPath } from '@tun/shared/page-data';
import { apiRequest } from '../../../lib/api-client';

// The live topics 'food', 'calendar' and 'mealChoices' invalidate every key that starts with these.
export const menuQueryKey = ['foodPlan', 'menu'] as const;

function getMenuWeek(week: string, signal?: AbortSignal): Promise<MenuWeek> {
  return apiRequest<MenuWeek>(menuWeekPath(week), { signal });
}

export const menuWeekQueryOptions = (week: string) =>
  queryOptions({
    queryKey: [...menuQueryKey, week],
    queryFn: ({ signal }) => getMenuWeek(week, signal),
  });

/** One week's menu (its Monday), as the reader may see it. */
export function useMenuWeek(week: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...menuWeekQueryOptions(week), enabled: options.enabled ?? true });
}
