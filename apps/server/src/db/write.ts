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
  const messages: LiveMessage[] = [];
  const publish: Publish = (topic, ids) => messages.push({ topic, ids: [...ids] });
  const { result, events } = await deps.database.db.transaction().execute(async (trx) => {
    const value = await work(trx, publish);
    return { result: value, events: await deps.live.record(trx, schoolId, messages) };
  });
  deps.live.committed(events);
  return result;
}
