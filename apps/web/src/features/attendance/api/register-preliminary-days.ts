import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PreliminaryDayInput } from '@tun/shared/attendance';
import { apiRequest } from '../../../lib/api-client';
import { attendanceQueryKey } from '../../../entities/attendance/attendance-query-key';

export function registerPreliminaryDay(input: PreliminaryDayInput): Promise<void> {
  return apiRequest<void>('/attendance/preliminary-days', { method: 'PUT', body: input });
}

/**
 * Absence for whole days: one request per day, in order, so that a failure names the first day
 * not registered (the days before it are). Returns the days registered.
 */
export async function registerPreliminaryDays(
  inputs: readonly PreliminaryDayInput[],
): Promise<PreliminaryDayInput[]> {
  const done: PreliminaryDayInput[] = [];
  for (const input of inputs) {
    try {
      await registerPreliminaryDay(input);
    } catch (error) {
      throw new PreliminaryDaysError(error, done, input);
    }
    done.push(input);
  }
  return done;
}

/** Some days may be registered when a later one fails; the form tells which. */
export class PreliminaryDaysError extends Error {
  constructor(
    readonly error: unknown,
    readonly done: readonly PreliminaryDayInput[],
    readonly failed: PreliminaryDayInput,
  ) {
    super('preliminary-days-failed');
    this.name = 'PreliminaryDaysError';
  }
}

export function useRegisterPreliminaryDays() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerPreliminaryDays,
    // Days before a failure were registered: refresh either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: attendanceQueryKey }),
  });
}
