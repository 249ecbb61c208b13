import type { FastifyInstance } from 'fastify';
import { canOwn, LIVE_EVENT, LIVE_TOPICS, type LiveTopic } from '@tun/shared';
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
 * `data: {topic, ids}`; only topics the user may view are sent. A comment line every
 * LIVE_HEARTBEAT_MS keeps proxies from closing an idle stream. A reconnecting EventSource
 * sends Last-Event-ID and gets what it missed.
 */
export async function liveRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const open = new Set<() => void>();
  // Open streams would otherwise keep the server from closing.
  app.addHook('preClose', async () => {
    for (const close of open) close();
  });

  app.get(
    '/api/v1/live',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['live'],
        summary: 'Server-Sent Events: {topic, ids} of every change the user may see',
        hide: false,
      },
    },
    async (request, reply) => {
      const { principal } = request;
      const visible = new Set(
        (Object.keys(LIVE_TOPICS) as LiveTopic[]).filter((topic) =>
          canOwn(principal.roles, LIVE_TOPICS[topic].view),
        ),
      );
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

      const send = (event: LiveEvent) => {
        if (!visible.has(event.topic)) return;
        raw.write(
          `id: ${event.id}\nevent: ${LIVE_EVENT}\ndata: ${JSON.stringify({ topic: event.topic, ids: event.ids })}\n\n`,
        );
      };
      // Subscribe first, then replay, so nothing falls between the two; a repeat is harmless
      // because a change only makes the client refetch.
      const unsubscribe = ctx.live.subscribe(principal.schoolId, send);
      const heartbeat = setInterval(() => raw.write(': ping\n\n'), ctx.config.liveHeartbeatMs);
      const close = () => {
        clearInterval(heartbeat);
        unsubscribe();
        open.delete(close);
        raw.end();
      };
      open.add(close);
      raw.on('close', close);

      const resumeFrom = lastEventId(request.headers['last-event-id'], request.query);
      if (resumeFrom !== undefined) {
        for (const event of await ctx.live.since(principal.schoolId, resumeFrom)) send(event);
      }
    },
  );
}
