import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { whenSettled } from './live';

/**
 * False until the page's first fetches are all answered (or `capMs` has passed), then true for
 * good. A page of several parts that each load their own data shows them together with it,
 * instead of each part pushing the ones below it down as it arrives.
 */
export function usePageSettled(capMs: number): boolean {
  const queryClient = useQueryClient();
  const [settled, setSettled] = useState(false);
  // After the first commit, when the parts' queries have started.
  useEffect(() => whenSettled(queryClient, capMs, () => setSettled(true)), [queryClient, capMs]);
  return settled;
}
