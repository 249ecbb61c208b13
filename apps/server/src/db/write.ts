import type { LiveMessage, LiveTopic } from '@tun/shared';
import type { LiveBus } from '../live/bus';
import type { Database, Trx } from './database';

/**
 * Announces a change of the topic's records `ids`. `people`: whose own records it touches, when the
 * ids are not people (see LiveMessage); left out, the change may concern anyone.
 */
export type Publish = (topic: LiveTopic, ids: readonly string[], people?: readonly string[]) => void;

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
  // Of the people: undefined as soon as one step did not say whom it concerns.
  const messages = new Map<LiveTopic, { ids: Set<string>; people: Set<string> | undefined }>();
  const publish: Publish = (topic, ids, people) => {
    const known = messages.get(topic) ?? { ids: new Set<string>(), people: new Set<string>() };
    for (const id of ids) known.ids.add(id);
    if (people === undefined) known.people = undefined;
    else for (const person of people) known.people?.add(person);
    messages.set(topic, known);
  };
  const { result, events } = await deps.database.db.transaction().execute(async (trx) => {
    const value = await work(trx, publish);
    const merged: LiveMessage[] = [...messages].map(([topic, { ids, people }]) =>
      people === undefined ? { topic, ids: [...ids] } : { topic, ids: [...ids], people: [...people] },
    );
    return { result: value, events: await deps.live.record(trx, schoolId, merged) };
  });
  deps.live.committed(events);
  return result;
}
