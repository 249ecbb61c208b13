/**
 * The live bus. Every write records {topic, ids} in live_event inside its own transaction, so
 * a change and its announcement commit together. SQLite: one process, so the bus dispatches
 * after commit. PostgreSQL: the same transaction sends NOTIFY, which PostgreSQL delivers at
 * commit to every instance LISTENing (this one included); each dispatches to its own
 * subscribers. The row ids grow across instances, which lets a client resume with
 * Last-Event-ID on any instance.
 */
import type pgModule from 'pg';
import { LIVE_TOPICS, type LiveMessage, type LiveTopic } from '@tun/shared';
import type { Database, Trx } from '../db/database';
import {
  eventsAfter,
  eventsSince,
  findEvent,
  insertEvent,
  keptEventRange,
  latestEventId,
  notify,
  pruneEvents,
} from './live.repository';
import { lazyRequire } from '../lazy-require';

const pg = lazyRequire<typeof pgModule>('pg');

export interface LiveEvent extends LiveMessage {
  id: number;
  schoolId: string;
}

/** What a resuming client missed. */
export interface LiveReplay {
  events: LiveEvent[];
  /**
   * False when the missed events cannot all be given: more than the replay limit, or some of
   * them already pruned (or the id is not of this database's history). The client must then
   * refetch everything.
   */
  complete: boolean;
  /** The newest event kept when the replay was read: where a client resumes from after a reset. */
  newestId: number | undefined;
}

type Listener = (event: LiveEvent) => void;
type SessionsListener = (sessionIds: readonly string[]) => void;

const CHANNEL = 'tun_live';
/** NOTIFY payloads must stay under 8000 bytes; bigger events are fetched by id. */
const MAX_NOTIFY_PAYLOAD = 7000;
const KEEP_EVENTS_MS = 24 * 60 * 60 * 1000;
const REPLAY_LIMIT = 500;

function isLiveTopic(topic: string): topic is LiveTopic {
  return topic in LIVE_TOPICS;
}

function toEvent(row: {
  id: number | string;
  school_id: string;
  topic: string;
  ids: string;
  people: string | null;
}): LiveEvent | undefined {
  if (!isLiveTopic(row.topic)) return undefined;
  const event: LiveEvent = {
    id: Number(row.id),
    schoolId: row.school_id,
    topic: row.topic,
    ids: JSON.parse(row.ids) as string[],
  };
  if (row.people !== null) event.people = JSON.parse(row.people) as string[];
  return event;
}

export class LiveBus {
  private readonly listeners = new Map<string, Set<Listener>>();
  /** Server-side caches, which hear every school's events. */
  private readonly everySchool = new Set<Listener>();
  private readonly sessionsEnded = new Set<SessionsListener>();
  private client: pgModule.Client | undefined;
  private stopped = false;
  private lastId = 0;
  private pruneTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly database: Database,
    private readonly log: { warn(obj: unknown, message?: string): void },
  ) {}

  async start(): Promise<void> {
    this.lastId = await latestEventId(this.database.db);
    if (this.database.dialect === 'postgres') await this.listen();
    await this.prune();
    this.pruneTimer = setInterval(() => void this.prune(), 60 * 60 * 1000);
    this.pruneTimer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.pruneTimer);
    this.listeners.clear();
    this.sessionsEnded.clear();
    await this.client?.end().catch(() => {});
  }

  subscribe(schoolId: string, listener: Listener): () => void {
    let set = this.listeners.get(schoolId);
    if (!set) {
      set = new Set();
      this.listeners.set(schoolId, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(schoolId);
    };
  }

  /** The id of the latest event this instance has heard of (ids grow across instances). */
  get latestId(): number {
    return this.lastId;
  }

  /** Every event of every school, once committed (on PostgreSQL: from any instance). */
  subscribeAll(listener: Listener): () => void {
    this.everySchool.add(listener);
    return () => this.everySchool.delete(listener);
  }

  /** Sessions that ended (signed out) on any instance: their streams are to close. */
  onSessionsEnded(listener: SessionsListener): () => void {
    this.sessionsEnded.add(listener);
    return () => this.sessionsEnded.delete(listener);
  }

  /**
   * Tells every instance that these sessions have ended. Not stored: a stream that misses it
   * (a LISTEN connection down at that moment) still ends at its next heartbeat, which checks
   * its session in the database.
   */
  async endSessions(sessionIds: readonly string[]): Promise<void> {
    if (sessionIds.length === 0) return;
    if (this.database.dialect === 'postgres') {
      const payload = JSON.stringify({ endedSessions: sessionIds });
      await notify(this.database.db, CHANNEL, payload);
      return;
    }
    for (const listener of this.sessionsEnded) listener(sessionIds);
  }

  subscriberCount(): number {
    let count = 0;
    for (const set of this.listeners.values()) count += set.size;
    return count;
  }

  /** Records the messages inside the writing transaction; returns the events to dispatch after commit. */
  async record(trx: Trx, schoolId: string, messages: readonly LiveMessage[]): Promise<LiveEvent[]> {
    const events: LiveEvent[] = [];
    for (const message of messages) {
      const id = await insertEvent(trx, { schoolId, ...message });
      const event: LiveEvent = { id, schoolId, ...message };
      events.push(event);
      if (this.database.dialect === 'postgres') {
        const full = JSON.stringify(event);
        const payload = full.length <= MAX_NOTIFY_PAYLOAD ? full : JSON.stringify({ id: event.id });
        await notify(trx, CHANNEL, payload);
      }
    }
    return events;
  }

  /** After commit. On PostgreSQL the notification does this, on every instance. */
  committed(events: readonly LiveEvent[]): void {
    if (this.database.dialect === 'postgres') {
      // The writer's own caches hear it at once, so its next read sees its write; the
      // notification repeats it a moment later, which a cache takes as a no-op.
      for (const event of events) for (const listener of this.everySchool) listener(event);
      return;
    }
    for (const event of events) this.dispatch(event);
  }

  /** Events after `afterId` for a school, for a client resuming with Last-Event-ID. */
  async since(schoolId: string, afterId: number): Promise<LiveReplay> {
    // One row past the limit tells whether there were more.
    const [rows, kept] = await Promise.all([
      eventsSince(this.database.db, schoolId, afterId, REPLAY_LIMIT + 1),
      keptEventRange(this.database.db),
    ]);
    // Ids grow without reuse (AUTOINCREMENT, a sequence), and pruning takes the oldest: the
    // replay is whole when the next id after `afterId` is still kept, or none came since. An id
    // above every kept one is not of this history (a restored database) or all was pruned.
    const covered = kept === null ? afterId === 0 : afterId + 1 >= kept.oldest && afterId <= kept.newest;
    const complete = covered && rows.length <= REPLAY_LIMIT;
    return {
      events: complete ? rows.flatMap((row) => toEvent(row) ?? []) : [],
      complete,
      newestId: kept?.newest,
    };
  }

  private dispatch(event: LiveEvent): void {
    if (event.id > this.lastId) this.lastId = event.id;
    for (const listener of this.everySchool) listener(event);
    const set = this.listeners.get(event.schoolId);
    if (!set) return;
    for (const listener of set) listener(event);
  }

  private async listen(): Promise<void> {
    const client = new (pg().Client)({ connectionString: this.database.url });
    client.on('notification', (message) => void this.onNotification(message.payload));
    client.on('error', (error) => {
      this.log.warn({ err: error }, 'live: LISTEN connection lost');
      void this.reconnect(client);
    });
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    this.client = client;
  }

  private async reconnect(old: pgModule.Client): Promise<void> {
    if (this.stopped || this.client !== old) return;
    this.client = undefined;
    await old.end().catch(() => {});
    while (!this.stopped) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      try {
        await this.listen();
        // Whatever was announced while we were away.
        await this.catchUp();
        return;
      } catch (error) {
        this.log.warn({ err: error }, 'live: reconnecting failed, trying again');
      }
    }
  }

  private async catchUp(): Promise<void> {
    const rows = await eventsAfter(this.database.db, this.lastId, REPLAY_LIMIT * 10);
    for (const row of rows) {
      const event = toEvent(row);
      if (event) this.dispatch(event);
    }
  }

  private async onNotification(payload: string | undefined): Promise<void> {
    if (!payload) return;
    try {
      const parsed = JSON.parse(payload) as Partial<LiveEvent> & { id: number; endedSessions?: string[] };
      if (parsed.endedSessions) {
        for (const listener of this.sessionsEnded) listener(parsed.endedSessions);
        return;
      }
      if (parsed.schoolId && parsed.topic && parsed.ids) {
        this.dispatch(parsed as LiveEvent);
        return;
      }
      const row = await findEvent(this.database.db, parsed.id);
      const event = row && toEvent(row);
      if (event) this.dispatch(event);
    } catch (error) {
      this.log.warn({ err: error }, 'live: unreadable notification');
    }
  }

  private async prune(): Promise<void> {
    const before = new Date(Date.now() - KEEP_EVENTS_MS).toISOString();
    await pruneEvents(this.database.db, before).catch((error: unknown) =>
      this.log.warn({ err: error }, 'live: pruning failed'),
    );
  }
}
