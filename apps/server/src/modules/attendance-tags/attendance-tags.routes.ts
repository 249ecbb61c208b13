import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema, roomTagSchema, scanInputSchema, scanResultSchema, type ScanTooEarly } from '@tun/shared';
import type { AppContext } from '../../context';
import { createAnswerCache } from '../../live/answer-cache';
import { CALENDAR_BASE_TOPICS } from '../calendar/calendar-cache';
import { problem, sendProblem } from '../../http/problem';
import { changeTag, createTag, removeTag, roomTag, scan, ScanTooEarlyError } from './attendance-tags.service';

const params = z.object({ id: idSchema });

const tagInputSchema = z.object({ rotating: z.boolean().default(false) });

/**
 * Room tags and scanning them. A room's keys let anyone holding them check in, so the tag is
 * staff's (events:change: admin, teacher, janitor, kitchen: those who run the rooms and their
 * events, the janitor mounting the tag included); scanning is for every signed-in student.
 */
export async function attendanceTagsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // What a scan reads besides the record: tags (announced as rooms), events, people's groups.
  const scans = createAnswerCache(ctx.live, 'scan', new Set([...CALENDAR_BASE_TOPICS, 'people']));
  app.addHook('onClose', async () => scans.stop());

  routes.get(
    '/api/v1/rooms/:id/tag',
    {
      config: { access: 'events:change' },
      schema: {
        tags: ['attendance'],
        summary: "The room's key of the day and scan link; for a room with a screen, the minute's code",
        params,
        response: { 200: roomTagSchema },
      },
    },
    async (request, reply) => {
      const tag = await roomTag(ctx, request.principal.schoolId, request.params.id);
      // The key lets anyone check in: no cache keeps it.
      return reply.header('cache-control', 'no-store').send(tag);
    },
  );

  routes.post(
    '/api/v1/rooms/:id/tag',
    {
      config: { access: 'events:change' },
      schema: {
        tags: ['attendance'],
        summary: 'Register the room’s tag, or renew it: codes printed or written before stop working',
        params,
        body: tagInputSchema,
        response: { 200: roomTagSchema, 201: roomTagSchema },
      },
    },
    async (request, reply) => {
      const { created, tag } = await createTag(ctx, request.principal, request.params.id, request.body);
      return reply
        .code(created ? 201 : 200)
        .header('cache-control', 'no-store')
        .send(tag);
    },
  );

  routes.patch(
    '/api/v1/rooms/:id/tag',
    {
      config: { access: 'events:change' },
      schema: {
        tags: ['attendance'],
        summary: 'Switch the room between a printed tag and a screen whose code changes every minute',
        params,
        body: z.object({ rotating: z.boolean() }),
        response: { 200: roomTagSchema },
      },
    },
    async (request, reply) => {
      const tag = await changeTag(ctx, request.principal, request.params.id, request.body);
      return reply.header('cache-control', 'no-store').send(tag);
    },
  );

  routes.delete(
    '/api/v1/rooms/:id/tag',
    {
      config: { access: 'events:change' },
      schema: {
        tags: ['attendance'],
        summary: "Remove the room's tag: it no longer takes scans",
        params,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await removeTag(ctx, request.principal, request.params.id);
      return reply.code(204).send(null);
    },
  );

  routes.post(
    '/api/v1/attendance/scan',
    {
      // Every signed-in person reaches it; only students (no roles) are checked in, others get 403.
      config: { access: 'authenticated' },
      schema: {
        tags: ['attendance'],
        summary: 'A student scans a room’s tag: attending for their event there, inside its window',
        body: scanInputSchema,
        response: { 200: scanResultSchema },
      },
    },
    async (request, reply) => {
      try {
        return await scan(ctx, request.principal, request.body, scans);
      } catch (error) {
        // RFC 9457 extension members: which event, and from when a scan counts.
        if (error instanceof ScanTooEarlyError) {
          const tooEarly: ScanTooEarly = { event: error.event, opensAt: error.opensAt };
          return sendProblem(reply, {
            ...problem(error.code, error.detail),
            ...tooEarly,
          } as ReturnType<typeof problem>);
        }
        throw error;
      }
    },
  );
}
