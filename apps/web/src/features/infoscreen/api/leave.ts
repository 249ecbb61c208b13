import { apiRequest, isApiError } from '../../../lib/api-client';

/**
 * Ends the TV's session: a TV account whose screen is gone has nothing to show, and pairing
 * again gives it a session of the screen it is paired to.
 */
export async function signOutScreen(): Promise<void> {
  try {
    await apiRequest<void>('/logout', { method: 'POST' });
  } catch (error) {
    // Already signed out is as signed out as it gets.
    if (!isApiError(error, 'unauthenticated')) throw error;
  }
}
