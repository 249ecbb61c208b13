import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { menuQueryKey } from './get-menu-week';

function publishWeek({ week, published }: { week: string; published: boolean }): Promise<unknown> {
  return apiRequest<unknown>(`/food/menu/weeks/${encodeURIComponent(week)}/published`, {
    method: 'PUT',
    body: { published },
  });
}

/** Publishes a week (students, the dashboard and the info screens see it) or takes it back. */
export function usePublishWeek() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: publishWeek,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: menuQueryKey }),
  });
}
