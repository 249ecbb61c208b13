/**
 * Web push for one's own devices (docs/decisions/022-installed-app.md). Everyone signed in may
 * subscribe the device they are on, and reaches only their own devices: every route works on
 * the asker.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  pushKeySchema,
  pushSubscribedSchema,
  pushSubscriptionInputSchema,
  pushTestResultSchema,
  pushUnsubscribeInputSchema,
} from '@tun/shared';
import type { AppContext } from '../../context';
import { ProblemError } from '../../http/problem';
import { sendTestPush, subscribePush, unsubscribePush, vapidKeys } from './push.service';

export async function pushRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // Made (or read) at start, so the first instance on a new database stores the pair at once.
  const { publicKey } = await vapidKeys(ctx);

  routes.get(
    '/api/v1/push/key',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['push'],
        summary: "The server's VAPID public key, for PushManager.subscribe()",
        response: { 200: pushKeySchema },
      },
    },
    async () => ({ publicKey }),
  );

  routes.post(
    '/api/v1/push/subscriptions',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['push'],
        summary: 'Subscribe this device to my notifications (PushSubscription.toJSON())',
        body: pushSubscriptionInputSchema,
        response: { 201: pushSubscribedSchema },
      },
    },
    async (request, reply) => {
      const subscribed = await subscribePush(ctx, request.principal, request.body);
      return reply.code(201).header('cache-control', 'no-store').send(subscribed);
    },
  );

  routes.delete(
    '/api/v1/push/subscriptions',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['push'],
        summary: 'Unsubscribe one of my devices, by its endpoint (done too when it is not mine)',
        body: pushUnsubscribeInputSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await unsubscribePush(ctx, request.principal, request.body.endpoint);
      return reply.code(204).send(null);
    },
  );

  routes.post(
    '/api/v1/push/test',
    {
      config: {
        access: 'authenticated',
        // Each press sends to up to ten devices; a few a minute is plenty to try one.
        rateLimit: {
          max: 5,
          timeWindow: '1 minute',
          hook: 'preHandler',
          keyGenerator: (request) => `push-test|${request.principal.personId}`,
          errorResponseBuilder: () => new ProblemError('too-many-attempts'),
        },
      },
      schema: {
        tags: ['push'],
        summary: 'Send «Testvarsel fra Tun» to each of my devices (push only, not to the list in the app)',
        response: { 202: pushTestResultSchema },
      },
    },
    async (request, reply) => reply.code(202).send(await sendTestPush(ctx, request.principal)),
  );
}
