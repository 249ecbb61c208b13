import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /push/test: a test notification to every device the person has subscribed. */
export function useSendTestPush() {
  return useMutation({
    mutationFn: () => apiRequest<{ devices: number }>('/push/test', { method: 'POST' }),
  });
}
