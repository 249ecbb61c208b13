import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Line, LineUpdate } from '@tun/shared/lines';
import { apiRequest } from '../../../lib/api-client';
import { linesQueryKey } from '../../../entities/lines/get-lines';

export function updateLine({ id, change }: { id: string; change: LineUpdate }): Promise<Line> {
  return apiRequest<Line>(`/lines/${encodeURIComponent(id)}`, { method: 'PATCH', body: change });
}

export function useUpdateLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLine,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: linesQueryKey }),
  });
}
