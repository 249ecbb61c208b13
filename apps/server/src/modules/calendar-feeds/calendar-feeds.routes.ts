import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  calendarFeedInputSchema,
  calendarFeedSchema,
  createdCalendarFeedSchema,
  idSchema,
} from '@tun/shared';
import type { AppContext } from '../../context';
import { createFeed, feedCalendar, ownFeeds, revokeFeed } from './calendar-feeds.service';

const params = z.object({ id: idSchema });
/** 43 characters of base64url; some apps insist on a '.ics' ending, so that is accepted too. */
const tokenParams = z.object({ token: z.string().min(1).max(200) });

/** Private iCal feeds: one's own calendar, or for staff a line's or a room's. */
export async function calendarFeedsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/v1/calendar/feeds',
    {
      config: { access: 'calendar:view' },
      schema: {
        tags: ['calendar'],
        summary: "The signed-in person's calendar feeds (never their secret addresses)",
        response: { 200: z.array(calendarFeedSchema) },
      },
    },
    async (request) => ownFeeds(ctx, request.principal),
  );

  routes.post(
    '/api/v1/calendar/feeds',
    {
      config: { access: 'calendar:view' },
      schema: {
        tags: ['calendar'],
        summary: 'Make a private iCal address; it is shown this once. Line and room feeds are for staff',
        body: calendarFeedInputSchema,
        response: { 201: createdCalendarFeedSchema },
      },
    },
    async (request, reply) => {
      const feed = await createFeed(ctx, request.principal, request.body);
      // The answer holds a secret: no cache keeps it.
      return reply.code(201).header('cache-control', 'no-store').send(feed);
    },
  );

  routes.delete(
    '/api/v1/calendar/feeds/:id',
    {
      config: { access: 'calendar:view' },
      schema: {
        tags: ['calendar'],
        summary: 'Revoke one of one’s own feeds: its address stops working at once',
        params,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await revokeFeed(ctx, request.principal, request.params.id);
      return reply.code(204).send(null);
    },
  );

  routes.get(
    '/api/v1/ical/:token',
    {
      // The secret address is the credential: calendar apps send no cookie.
      config: { access: 'public' },
      schema: {
        tags: ['calendar'],
        summary: 'A calendar feed as iCal (text/calendar), 30 days back and 180 days ahead',
        params: tokenParams,
      },
    },
    async (request, reply) => {
      const token = request.params.token.replace(/\.ics$/, '');
      const text = await feedCalendar(ctx, token);
      return reply
        .type('text/calendar; charset=utf-8')
        .header('cache-control', 'private, max-age=300')
        .header('content-disposition', 'inline; filename="tun.ics"')
        .send(text);
    },
  );
}
