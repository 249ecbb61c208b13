import type { FastifyInstance } from 'fastify';
import {
  type Action,
  canAll,
  canOwn,
  isScreenAccount,
  LIVE_EVENT,
  LIVE_RESET_EVENT,
  LIVE_TOPICS,
  type LiveTopic,
} from '@tun/shared';
import { principalHolds } from '../auth/principal';
import type { AppContext } from '../context';
import type { LiveEvent } from './bus';

function lastEventId(header: unknown, query: unknown): number | undefined {
  const raw =
    typeof header === 'string' ? header : (query as { lastEventId?: unknown } | undefined)?.lastEventId;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id >= 0 ? id : undefined;
}

/**
 * GET /api/v1/live: Server-Sent Events. Each change is `id`, `event: change` and
 * `data: {topic, ids}`; only topics the user may view are sent, and without ids to someone who
 * may view only their own records of the topic (the ids would name other people's). A comment
 * line every LIVE_HEARTBEAT_MS keeps proxies from closing an idle stream. A reconnecting
 * EventSource sends Last-Event-ID and gets what it missed; a first stream may ask the same with
 * `?lastEventId=`, the smallest `Tun-Live-Id` of the answers its page holds (the header wins).
 * When the missed changes cannot all be given (more than the bus's replay limit, or pruned after
 * 24 h), the stream sends instead one `event: reset` (`data: {}`, with the id of the newest
 * change kept, to resume from after a drop): the client refetches everything. The same when the
 * missed changes cannot be read at all.
 *
 * A stream keeps the rights it was opened with, so it ends with its session: at sign-out (a
 * notice on the bus, heard by every instance), when a change to the person is announced and
 * the session no longer holds for the same roles (roles changed, erased, left), and at the first
 * heartbeat after the session expired. The browser then reconnects with the rights it has now.
 * A TV account's stream ends the same way when its screen is revoked, re-paired or deleted:
 * those end the TV's sessions on the bus.
 * See docs/decisions/016-live-streams-and-sign-in-throttling.md.
 */
export async function liveRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const open = new Set<() => void>();
  const bySession = new Map<string, Set<() => void>>();
  const stopHearing = ctx.live.onSessionsEnded((sessionIds) => {
    for (const sessionId of sessionIds) for (const close of bySession.get(sessionId) ?? []) close();
  });
  // Open streams would otherwise keep the server from closing.
  app.addHook('preClose', async () => {
    stopHearing();
    for (const close of open) close();
  });

  app.get(
    '/api/v1/live',
    {
      // A TV hears the topics of what its screen shows (LIVE_TOPICS' `screens`), without ids.
      config: { access: 'authenticated', screens: true },
      schema: {
        tags: ['live'],
        summary: 'Server-Sent Events: {topic, ids} of every change the user may see',
        hide: false,
      },
    },
    async (request, reply) => {
      const { principal } = request;
      const visible = new Map<LiveTopic, 'all' | 'own'>();
      const screen = isScreenAccount(principal.roles);
      for (const topic of Object.keys(LIVE_TOPICS) as LiveTopic[]) {
        const rule: { view: Action; screens?: boolean } = LIVE_TOPICS[topic];
        // A TV account hears what its screen shows, without ids: it refetches its one answer on
        // any of them, and ids would tell it of records it may not read (decision 024).
        if (screen) {
          if (rule.screens) visible.set(topic, 'own');
        } else if (canAll(principal.roles, rule.view)) visible.set(topic, 'all');
        else if (canOwn(principal.roles, rule.view)) visible.set(topic, 'own');
      }
      const raw = reply.raw;
      reply.hijack();
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-content-type-options': 'nosniff',
      });
      raw.write('retry: 3000\n\n');

      let closed = false;
      /** Events held back while the session is being checked, so none goes out on old rights. */
      let held: LiveEvent[] | undefined;

      const deliver = (event: LiveEvent) => {
        const mode = visible.get(event.topic);
        if (closed || mode === undefined) return;
        // A personal topic names the people it concerns; only they hear it, and without ids. Of a
        // topic by person, whoever may view only their own hears only the changes naming them.
        const rule = LIVE_TOPICS[event.topic];
        if ('personal' in rule || ('byPerson' in rule && mode === 'own')) {
          if (!event.ids.includes(principal.personId)) return;
        } else if (mode === 'own' && event.people && !event.people.includes(principal.personId)) {
          // Of a topic whose ids name other records, the change names whose own records it
          // touches: a student hears the changes of their own attendance, not every save.
          return;
        }
        const ids = mode === 'all' && !('personal' in rule) ? event.ids : [];
        raw.write(
          `id: ${event.id}\nevent: ${LIVE_EVENT}\ndata: ${JSON.stringify({ topic: event.topic, ids })}\n\n`,
        );
      };
      // A change announced while a check runs may have committed after its query: check again.
      let checkAgain = false;
      const check = (carried: LiveEvent[] = []): void => {
        if (closed) return;
        if (held) {
          checkAgain = true;
          return;
        }
        held = carried;
        void principalHolds(ctx.database.db, principal, (message) => request.log.warn(message))
          .catch((error: unknown) => {
            // The database is away: keep the stream; the next heartbeat asks again.
            request.log.warn({ err: error }, 'live: could not check the session');
            return true;
          })
          .then((holds) => {
            const pending = held ?? [];
            held = undefined;
            if (!holds) return close();
            if (checkAgain) {
              checkAgain = false;
              return check(pending);
            }
            for (const event of pending) deliver(event);
          });
      };
      const resumeFrom = lastEventId(request.headers['last-event-id'], request.query);
      // Changes heard while the missed ones are read: sent after them, each once.
      let arrivedDuringReplay: LiveEvent[] | undefined = resumeFrom === undefined ? undefined : [];
      /** The ids the replay sent (at most the bus's replay limit), never sent again. */
      const replayed = new Set<number>();
      const send = (event: LiveEvent) => {
        if (arrivedDuringReplay) {
          arrivedDuringReplay.push(event);
          return;
        }
        if (replayed.has(event.id)) return;
        if (held) held.push(event);
        else deliver(event);
        if (event.topic === 'people' && event.ids.includes(principal.personId)) check();
      };
      // Subscribe first, then replay, so nothing falls between the two. A change committed just
      // before the replay's query may also be heard live, during the replay or a moment after
      // (PostgreSQL's NOTIFY arrives on its own connection): it is sent once, in the replay's place.
      const unsubscribe = ctx.live.subscribe(principal.schoolId, send);
      const heartbeat = setInterval(() => {
        if (!closed) raw.write(': ping\n\n');
        check();
      }, ctx.config.liveHeartbeatMs);
      const sessionStreams = bySession.get(principal.sessionId) ?? new Set();
      bySession.set(principal.sessionId, sessionStreams);
      const close = () => {
        if (closed) return;
        closed = true;
        clearInterval(heartbeat);
        unsubscribe();
        open.delete(close);
        sessionStreams.delete(close);
        if (sessionStreams.size === 0 && bySession.get(principal.sessionId) === sessionStreams) {
          bySession.delete(principal.sessionId);
        }
        raw.end();
      };
      open.add(close);
      sessionStreams.add(close);
      raw.on('close', close);

      if (resumeFrom !== undefined) {
        const replay = await ctx.live.since(principal.schoolId, resumeFrom).catch((error: unknown) => {
          request.log.warn({ err: error }, 'live: could not read the missed changes');
          return { events: [], complete: false, newestId: undefined };
        });
        const arrived = arrivedDuringReplay ?? [];
        arrivedDuringReplay = undefined;
        if (!replay.complete && !closed) {
          const id = replay.newestId === undefined ? '' : `id: ${replay.newestId}\n`;
          raw.write(`${id}event: ${LIVE_RESET_EVENT}\ndata: {}\n\n`);
        }
        for (const event of replay.events) {
          send(event);
          replayed.add(event.id);
        }
        for (const event of arrived) send(event);
      }
    },
  );
}
