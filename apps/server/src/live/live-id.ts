import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RequestPrincipal } from '../auth/principal';
import { LIVE_ID_HEADER } from '@tun/shared';
import type { LiveBus } from './bus';

const API_PREFIX = '/api/';
const LIVE_STREAM_PATH = '/api/v1/live';

function isLiveStream(url: string): boolean {
  return (
    url.startsWith(LIVE_STREAM_PATH) &&
    (url.length === LIVE_STREAM_PATH.length || url[LIVE_STREAM_PATH.length] === '?')
  );
}

/**
 * Every API answer carries the id of the latest live event this instance had heard of when the
 * request arrived, read before any handler reads the database: a change the answer may have
 * missed has a larger id. The web app opens its live stream from the smallest of these, and the
 * stream replays what its page may have missed (decision 016). An instance that has not yet heard
 * of the newest events (PostgreSQL, another instance's NOTIFY on its way) gives a smaller id,
 * which only means a longer replay. Registered before every other hook, on the root, so it holds
 * for every route without code of its own.
 */
export function registerLiveId(app: FastifyInstance, live: LiveBus): void {
  const heardAtArrival = new WeakMap<FastifyRequest, number>();
  app.addHook('onRequest', (request, _reply, done) => {
    if (request.url.startsWith(API_PREFIX) && !isLiveStream(request.url)) {
      heardAtArrival.set(request, live.latestId);
    }
    done();
  });
  // Only to the signed in: the ids count every school's changes, which is nobody else's business.
  app.addHook('onSend', (request, reply, payload, done) => {
    const id = heardAtArrival.get(request);
    if (id !== undefined && (request.principal as RequestPrincipal | null)) {
      reply.header(LIVE_ID_HEADER, String(id));
    }
    done(null, payload);
  });
}
