import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LineDetails } from '@tun/shared/lines';
import { apiRequest } from '../../../lib/api-client';
import { peopleQueryKey } from '../../../entities/people/get-people';
import { studentsQueryKey } from '../../../entities/students/get-students';
import { lineQueryKey } from './get-line';
import { linesQueryKey } from '../../../entities/lines/get-lines';

/** Sets exactly who the line's members are. */
export function setLineMembers({ id, personIds }: { id: string; personIds: string[] }): Promise<LineDetails> {
  return apiRequest<LineDetails>(`/lines/${encodeURIComponent(id)}/members`, {
    method: 'PUT',
    body: { personIds },
  });
}

export function useSetLineMembers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setLineMembers,
    onSuccess: (line) => {
      queryClient.setQueryData(lineQueryKey(line.id), line);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: linesQueryKey }),
        queryClient.invalidateQueries({ queryKey: peopleQueryKey }),
        queryClient.invalidateQueries({ queryKey: studentsQueryKey }),
      ]);
    },
  });
}
