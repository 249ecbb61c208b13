import { useMutation } from '@tanstack/react-query';
import type { SetupInput } from '@tun/shared/auth';
import { SETUP_PATH } from '@tun/shared/page-data';
import { apiRequest } from '../../../lib/api-client';

/** The first-run wizard: creates the school and its first admin. */
export function createSchool(input: SetupInput): Promise<void> {
  return apiRequest<void>(SETUP_PATH, { method: 'POST', body: input });
}

/**
 * Leaves the cached setup status alone on success: flipping it would swap the wizard for the
 * login form while the wizard is still signing the new admin in. The wizard updates it last.
 */
export function useCreateSchool() {
  return useMutation({ mutationFn: createSchool });
}
