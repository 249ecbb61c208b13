import { useMutation } from '@tanstack/react-query';
import type { SetPasswordInput, SetPasswordResult } from '@tun/shared/password-links';
import { apiRequest } from '../../../lib/api-client';

export function setPassword(input: SetPasswordInput): Promise<SetPasswordResult> {
  return apiRequest<SetPasswordResult>('/password-links/set', { method: 'POST', body: input });
}

export function useSetPassword() {
  return useMutation({ mutationFn: setPassword });
}
