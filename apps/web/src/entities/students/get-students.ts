import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Student } from '@tun/shared/students';
import { apiRequest } from '../../lib/api-client';

// The live topics 'people' and 'lines' invalidate this key.
export const studentsQueryKey = ['students'] as const;

export function getStudents(signal?: AbortSignal): Promise<Student[]> {
  return apiRequest<Student[]>('/students', { signal });
}

export const studentsQueryOptions = queryOptions({
  queryKey: studentsQueryKey,
  queryFn: ({ signal }) => getStudents(signal),
});

export function useStudents() {
  return useQuery(studentsQueryOptions);
}
