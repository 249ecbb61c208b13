import { randomUUID } from 'node:crypto';

/**
 * A UUID of version 7 (RFC 9562 §5.7): the time in milliseconds first, then 74 random bits.
 * Rows keyed by it are written where the last ones went, at the end of the key's index, rather
 * than on a page anywhere in it (decision 031). The randomness is that of `randomUUID`, which
 * Node draws from a pool: asking for 16 bytes each time cost more than the insert they key.
 */
export function timeOrderedId(now: number = Date.now()): string {
  const time = now.toString(16).padStart(12, '0');
  // randomUUID is `xxxxxxxx-xxxx-4xxx-Vxxx-xxxxxxxxxxxx`: its version digit becomes 7.
  return `${time.slice(0, 8)}-${time.slice(8)}-7${randomUUID().slice(15)}`;
}
