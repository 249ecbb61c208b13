/**
 * What a paired TV asks for, as its own screen's TV account (docs/decisions/024-info-screens.md):
 * its content, the room's rotating check-in link, its heartbeat, and the images it shows.
 * Every route is `screen:show` (the tv role only); the screen is always the caller's own.
 */
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema, screenCheckInSchema, screenContentSchema, screenHeartbeatSchema } from '@tun/shared';
import type { AppContext } from '../../context';
import { createAnswerCache, replyWithAnswer } from '../../live/answer-cache';
import { downloadHeaders } from '../files/download';
import {
  SCREEN_CONTENT_TOPICS,
  ownScreen,
  recordHeartbeat,
  screenCheckIn,
  screenContent,
  screenImage,
  screenMinute,
} from './screen-content.service';

export async function screenContentRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // A school's screens refetch together after a write: the parts they share are made once per
  // change, and each screen's answer is kept until the next change or the next minute.
  const answers = createAnswerCache(ctx.live, 'screen', SCREEN_CONTENT_TOPICS);
  app.addHook('onClose', async () => answers.stop());

  routes.get(
    '/api/v1/screen',
    {
      config: { access: 'screen:show' },
      schema: {
        tags: ['screens'],
        summary: "The TV's own screen: today's programme, posts, supervision, the emergency banner",
        response: { 200: screenContentSchema, 304: z.null() },
      },
    },
    async (request, reply) => {
      const { principal } = request;
      const screen = await ownScreen(ctx, principal);
      // Events end as time passes: the minute is part of the key and of the ETag, so an answer
      // is never older than a minute even when nothing is written.
      return replyWithAnswer(
        answers,
        request,
        reply,
        principal.schoolId,
        `screen|${screen.id}`,
        () => screenContent(ctx, answers, principal.schoolId, screen),
        `${screen.id}|${screenMinute()}`,
      );
    },
  );

  routes.get(
    '/api/v1/screen/check-in',
    {
      config: { access: 'screen:show' },
      schema: {
        tags: ['screens'],
        summary: "The room's rotating check-in link for its QR code, or null",
        response: { 200: screenCheckInSchema },
      },
    },
    async (request, reply) => {
      const screen = await ownScreen(ctx, request.principal);
      const checkIn = await screenCheckIn(ctx, answers, request.principal.schoolId, screen);
      // The link checks a student in: no cache keeps it past its minute.
      return reply.header('cache-control', 'no-store').send(checkIn);
    },
  );

  routes.post(
    '/api/v1/screen/heartbeat',
    {
      config: { access: 'screen:show' },
      schema: {
        tags: ['screens'],
        summary: 'The TV is on and runs this build (shown on /app/tv-setup)',
        body: screenHeartbeatSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await recordHeartbeat(ctx, request.principal, request.body.version);
      return reply.code(204).send(null);
    },
  );

  routes.get(
    '/api/v1/screen/images/:fileId',
    {
      config: { access: 'screen:show' },
      // Sent byte for byte, as the archive's downloads: the ETag and ranges describe the stored bytes.
      compress: false,
      schema: {
        tags: ['screens'],
        summary: 'An image the screen shows (in one of its posts, or the logo); 404 for any other file',
        params: z.object({ fileId: idSchema }),
      },
    },
    async (request, reply) => {
      const download = await screenImage(ctx, answers, request.principal, request.params.fileId);
      const { status, headers, range } = downloadHeaders(request, download.object);
      reply.code(status).headers(headers);
      if (range === undefined) {
        return reply.send(status === 200 || status === 206 ? Readable.from([]) : undefined);
      }
      return reply.send(await download.open(range === 'all' ? undefined : range));
    },
  );
}
