import { useEffect, useState } from 'react';

/** The current time (ms), renewed every `intervalMs`, so relative texts ("om ca. 5 minutter", «for 5 minutter siden») stay true. */
export function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}
