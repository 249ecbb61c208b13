import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Screen, ScreenInput, ScreenPatch } from '@tun/shared/screens';
import { apiRequest } from '../../../lib/api-client';
import { screensQueryKey } from './get-screens';

function screenPath(id: string, action = ''): string {
  return `/screens/${encodeURIComponent(id)}${action}`;
}

export function createScreen(input: ScreenInput): Promise<Screen> {
  return apiRequest<Screen>('/screens', { method: 'POST', body: input });
}

export function updateScreen({ id, patch }: { id: string; patch: ScreenPatch }): Promise<Screen> {
  return apiRequest<Screen>(screenPath(id), { method: 'PATCH', body: patch });
}

/** The TV's session ends and the screen is gone. */
export function deleteScreen(id: string): Promise<void> {
  return apiRequest<void>(screenPath(id), { method: 'DELETE' });
}

/** Unpaired: the TV's sessions end at once and it goes back to showing a pairing code. */
export function revokeScreen(id: string): Promise<Screen> {
  return apiRequest<Screen>(screenPath(id, '/revoke'), { method: 'POST' });
}

/** «Last inn på nytt»: the TV reloads the page when it hears of it over the live stream. */
export function reloadScreen(id: string): Promise<Screen> {
  return apiRequest<Screen>(screenPath(id, '/reload'), { method: 'POST' });
}

/** Every change refreshes the list (the live stream would too, a moment later). */
function useScreenMutation<Variables, Result>(mutationFn: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: screensQueryKey }),
  });
}

export const useCreateScreen = () => useScreenMutation(createScreen);
export const useUpdateScreen = () => useScreenMutation(updateScreen);
export const useDeleteScreen = () => useScreenMutation(deleteScreen);
export const useRevokeScreen = () => useScreenMutation(revokeScreen);
export const useReloadScreen = () => useScreenMutation(reloadScreen);
