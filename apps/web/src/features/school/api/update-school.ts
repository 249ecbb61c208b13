import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { School, SchoolUpdate } from '@tun/shared/school';
import { apiRequest } from '../../../lib/api-client';
import { sessionQueryKey } from '../../../entities/session/get-session';
import { schoolQueryKey } from '../../../entities/school/get-school';

export function updateSchool(update: SchoolUpdate): Promise<School> {
  return apiRequest<School>('/school', { method: 'PATCH', body: update });
}

export function useUpdateSchool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSchool,
    onSuccess: (school) => {
      // The live stream refreshes these too; this makes the admin's own change show at once.
      queryClient.setQueryData(schoolQueryKey, school);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['supervision'] }),
      ]);
    },
  });
}
