import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Emergency, EmergencyInput } from '@tun/shared/screens';
import { apiRequest } from '../../../lib/api-client';
import { screensQueryKey } from './get-screens';

// Under 'screens', so another admin raising or lowering the banner shows here at once.
export const emergencyQueryKey = [...screensQueryKey, 'emergency'] as const;

export function getEmergency(signal?: AbortSignal): Promise<Emergency> {
  return apiRequest<Emergency>('/screens/emergency', { signal });
}

export const emergencyQueryOptions = queryOptions({
  queryKey: emergencyQueryKey,
  queryFn: ({ signal }) => getEmergency(signal),
});

export function useEmergency() {
  return useQuery(emergencyQueryOptions);
}

export function raiseEmergency(input: EmergencyInput): Promise<Emergency> {
  return apiRequest<Emergency>('/screens/emergency', { method: 'PUT', body: input });
}

export function lowerEmergency(): Promise<void> {
  return apiRequest<void>('/screens/emergency', { method: 'DELETE' });
}

export function useRaiseEmergency() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: raiseEmergency,
    onSuccess: (emergency) => queryClient.setQueryData(emergencyQueryKey, emergency),
  });
}

export function useLowerEmergency() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: lowerEmergency,
    onSuccess: () => queryClient.setQueryData(emergencyQueryKey, null),
  });
}
