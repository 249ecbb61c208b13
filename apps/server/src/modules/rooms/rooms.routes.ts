import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { roomInputSchema, roomReferencesSchema, roomSchema, idSchema } from '@tun/shared';
import type { AppContext } from '../../context';
import { removeRoom, roomReferences } from './room-references';
import { changeRoom, createRoom, listRooms, loadRoom } from './rooms.service';

const params = z.object({ id: idSchema });

export async function roomsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/v1/rooms',
    {
      config: { access: 'rooms:view' },
      schema: {
        tags: ['rooms'],
        summary: "The school's rooms, by name",
        response: { 200: z.array(roomSchema) },
      },
    },
    async (request) => listRooms(ctx.database.db, request.principal.schoolId),
  );

  routes.get(
    '/api/v1/rooms/:id',
    {
      config: { access: 'rooms:view' },
      schema: {
        tags: ['rooms'],
        summary: 'One room',
        params,
        response: { 200: roomSchema },
      },
    },
    async (request) => loadRoom(ctx.database.db, request.principal.schoolId, request.params.id),
  );

  routes.post(
    '/api/v1/rooms',
    {
      config: { access: 'rooms:change' },
      schema: {
        tags: ['rooms'],
        summary: 'Create a room',
        body: roomInputSchema,
        response: { 201: roomSchema },
      },
    },
    async (request, reply) => {
      const room = await createRoom(ctx, request.principal.schoolId, request.body);
      return reply.code(201).send(room);
    },
  );

  routes.patch(
    '/api/v1/rooms/:id',
    {
      config: { access: 'rooms:change' },
      schema: {
        tags: ['rooms'],
        summary: 'Rename a room',
        params,
        body: roomInputSchema,
        response: { 200: roomSchema },
      },
    },
    async (request) => changeRoom(ctx, request.principal.schoolId, request.params.id, request.body),
  );

  routes.get(
    '/api/v1/rooms/:id/references',
    {
      // Asked only on the way to deleting the room, by those who may delete it.
      config: { access: 'rooms:change' },
      schema: {
        tags: ['rooms'],
        summary: 'What deleting the room would clear: future events, schedule events, lines, electives',
        params,
        response: { 200: roomReferencesSchema },
      },
    },
    async (request) => roomReferences(ctx.database.db, request.principal.schoolId, request.params.id),
  );

  routes.delete(
    '/api/v1/rooms/:id',
    {
      config: { access: 'rooms:change' },
      schema: {
        tags: ['rooms'],
        summary: 'Delete a room and clear it from everything that uses it, in one transaction',
        params,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await removeRoom(ctx, request.principal.schoolId, request.params.id);
      return reply.code(204).send(null);
    },
  );
}
