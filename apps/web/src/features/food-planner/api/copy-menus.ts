import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MenuCopyInput } from '@tun/shared/food';
import { apiRequest } from '../../../lib/api-client';
import { menuQueryKey } from './get-menu-week';

/** How many weeks and meals got menus. */
interface MenuCopyResult {
  weeks: number;
  meals: number;
}

function copyMenus(input: MenuCopyInput): Promise<MenuCopyResult> {
  return apiRequest<MenuCopyResult>('/food/menu/copy', { method: 'POST', body: input });
}

/** Copies a week, or a rotation of weeks, over the target weeks' menus. */
export function useCopyMenus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: copyMenus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: menuQueryKey }),
  });
}
