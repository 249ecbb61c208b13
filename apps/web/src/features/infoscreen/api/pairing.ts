import type { PairingStart } from '@tun/shared/screens';
import { apiRequest } from '../../../lib/api-client';

/** RFC 8628 §3.1: a new device code and the user code to show. Public: the TV has no session. */
export function startPairing(signal?: AbortSignal): Promise<PairingStart> {
  return apiRequest<PairingStart>('/screens/pairing', { method: 'POST', signal });
}

/**
 * RFC 8628 §3.4: asks whether the code has been approved. While it waits the server answers a
 * problem (authorization-pending, slow-down, expired-token, access-denied), which apiRequest
 * throws as an ApiError; once approved it answers the screen's id and sets the TV account's
 * session cookie.
 */
export function requestPairingToken(deviceCode: string, signal?: AbortSignal): Promise<{ screenId: string }> {
  return apiRequest<{ screenId: string }>('/screens/pairing/token', {
    method: 'POST',
    body: { deviceCode },
    signal,
  });
}
