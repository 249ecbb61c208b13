import { useQueryClient } from '@tanstack/react-query';
import { startTransition, useEffect, useState } from 'react';
import { whenSettled } from './live';

/**
 * False until the page's first fetches are all answered (or `capMs` has passed), then true for
 * good. A page of several parts that each load their own data shows them together with it,
 * instead of each part pushing the ones below it down as it arrives. `answered`: the route's
 * loader has had every part's first answer already, so there is nothing to wait for.
 */
export function usePageSettled(capMs: number, answered = false): boolean {
  const queryClient = useQueryClient();
  const [settled, setSettled] = useState(answered);
  // After the first commit, when the parts' queries have started. As a transition: the parts
  // render again when shown, which on a slow phone must not hold the page in one long task.
  useEffect(() => {
    if (settled) return;
    return whenSettled(queryClient, capMs, () => startTransition(() => setSettled(true)));
  }, [queryClient, capMs, settled]);
  return settled;
}
