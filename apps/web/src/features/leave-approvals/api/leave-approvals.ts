import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Leave, LeaveDecisionInput, LeavePeriod, LeaveSettings } from '@tun/shared/leave';
import { leavePath, leaveQueryKey, LEAVE_PATH } from '../../../entities/leave/get-leave';
import { apiRequest } from '../../../lib/api-client';

const leaveSettingsQueryKey = [...leaveQueryKey, 'settings'] as const;
const SETTINGS_PATH = `${LEAVE_PATH}/settings`;

/** «Godkjenn» or «Avslå» a pending application, with a comment the student sees. */
export function useDecideLeave() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: LeaveDecisionInput }) =>
      apiRequest<Leave>(`${leavePath(id)}/decision`, { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: leaveQueryKey }),
  });
}

/** «Endre periode»: shorten or move an application or a leave. */
export function useChangeLeavePeriod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, period }: { id: string; period: LeavePeriod }) =>
      apiRequest<Leave>(`${leavePath(id)}/period`, { method: 'PUT', body: period }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: leaveQueryKey }),
  });
}

const leaveSettingsQueryOptions = queryOptions({
  queryKey: leaveSettingsQueryKey,
  queryFn: ({ signal }) => apiRequest<LeaveSettings>(SETTINGS_PATH, { signal }),
});

/** The school's rules for leave (the defaults until an admin saves them). */
export function useLeaveSettings() {
  return useQuery(leaveSettingsQueryOptions);
}

export function useSaveLeaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: LeaveSettings) =>
      apiRequest<LeaveSettings>(SETTINGS_PATH, { method: 'PUT', body: settings }),
    onSuccess: (saved) => {
      queryClient.setQueryData(leaveSettingsQueryKey, saved);
      // Leave already approved is worked out again under the new rules.
      return queryClient.invalidateQueries({ queryKey: leaveQueryKey });
    },
  });
}
