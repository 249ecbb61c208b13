import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Line, LineInput } from '@tun/shared/lines';
import { apiRequest } from '../../../lib/api-client';
import { linesQueryKey } from '../../../entities/lines/get-lines';

export function createLine(input: LineInput): Promise<Line> {
  return apiRequest<Line>('/lines', { method: 'POST', body: input });
}

export function useCreateLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createLine,
    // The live stream would refresh it too; this makes the author's own change show at once.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: linesQueryKey }),
  });
}
