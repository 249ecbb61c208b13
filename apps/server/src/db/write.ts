import type { LiveMessage, LiveTopic } from '@tun/shared';
import type { LiveBus } from '../live/bus';
import type { Database, Trx } from './database';

export type Publish = (topic: LiveTopic, ids: readonly string[]) => void;

/**
 * The one way to write: a transaction whose changes are announced on the live bus once, and
 * only if, it commits. Multi-row writes are therefore all-or-nothing, announcements included.
 */
export async function write<T>(
  deps: { database: Database; live: LiveBus },
  schoolId: string,
  work: (trx: Trx, publish: Publish) => Promise<T>,
): Promise<T> {
  // One announcement per topic, whatever the number of steps that touched it (a sheet's save
  // removes, writes and registers, each publishing 'attendance').
  const messages = new Map<LiveTopic, Set<string>>();
  const publish: Publish = (topic, ids) => {
    const known = messages.get(topic) ?? new Set<string>();
    for (const id of ids) known.add(id);
    messages.set(topic, known);
  };
  const { result, events } = await deps.database.db.transaction().execute(async (trx) => {
    const value = await work(trx, publish);
    const merged: LiveMessage[] = [...messages].map(([topic, ids]) => ({ topic, ids: [...ids] }));
    return { result: value, events: await deps.live.record(trx, schoolId, merged) };
  });
  deps.live.committed(events);
  return result;
}
