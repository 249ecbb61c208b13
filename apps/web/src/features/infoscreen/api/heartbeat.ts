import { apiRequest } from '../../../lib/api-client';

/** The TV is on and runs this build: /app/tv-setup shows it online, with its version. */
export function sendHeartbeat(version: string): Promise<void> {
  return apiRequest<void>('/screen/heartbeat', { method: 'POST', body: { version } });
}
