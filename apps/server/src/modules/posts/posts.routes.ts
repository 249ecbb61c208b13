/**
 * Posts (SPEC §2 /app/posts, §6 «Posts: change admin, teacher, janitor, kitchen; view
 * everyone»): the feed, one post, writing, editing, deleting, read marks and who has read.
 * docs/decisions/021-posts-and-notifications.md.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idSchema,
  postFeedQuerySchema,
  postFeedSchema,
  postInputSchema,
  postReadInputSchema,
  postReadsSchema,
  postSchema,
} from '@tun/shared';
import type { AppContext } from '../../context';
import { createAnswerCache, replyWithAnswer } from '../../live/answer-cache';
import {
  changePost,
  createPost,
  deletePost,
  getPost,
  listPosts,
  markPostRead,
  postReads,
} from './posts.service';

const params = z.object({ id: idSchema });

export async function postsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // The feed is read far more often than posts change. It follows posts and read marks, who is
  // in which line, elective and group, and the archive (attachments' names).
  const feeds = createAnswerCache(
    ctx.live,
    'posts',
    new Set(['posts', 'people', 'lines', 'electives', 'groups', 'files']),
  );
  app.addHook('onClose', async () => feeds.stop());

  routes.get(
    '/api/v1/posts',
    {
      config: { access: 'posts:view' },
      schema: {
        tags: ['posts'],
        summary: 'The posts the user may see, pinned first, then the newest; a page at a time',
        querystring: postFeedQuerySchema,
        response: { 200: postFeedSchema, 304: z.null() },
      },
    },
    async (request, reply) => {
      const { principal } = request;
      // An answer holds the reader's own read marks and rights, so it is kept per person and
      // roles. Time moves it too: a scheduled post coming out and a post expiring are announced
      // on «posts» by their jobs, which drops the kept answers.
      const variant = `${principal.personId}|${principal.roles.join(',')}`;
      return replyWithAnswer(
        feeds,
        request,
        reply,
        principal.schoolId,
        request.url,
        () => listPosts(ctx.database.db, principal, request.query),
        variant,
      );
    },
  );

  routes.get(
    '/api/v1/posts/:id',
    {
      config: { access: 'posts:view' },
      schema: {
        tags: ['posts'],
        summary: 'One post; 404 when it does not exist or is not for the user',
        params,
        response: { 200: postSchema },
      },
    },
    async (request) => getPost(ctx.database.db, request.principal, request.params.id),
  );

  routes.post(
    '/api/v1/posts',
    {
      config: { access: 'posts:change' },
      schema: {
        tags: ['posts'],
        summary: 'Write a post; its audience is notified at its publish time',
        body: postInputSchema,
        response: { 201: postSchema },
      },
    },
    async (request, reply) => {
      const post = await createPost(ctx, request.principal, request.body);
      return reply.code(201).send(post);
    },
  );

  routes.put(
    '/api/v1/posts/:id',
    {
      config: { access: 'posts:change' },
      schema: {
        tags: ['posts'],
        summary: 'Replace a post (its author, or an admin); its audience is not notified again',
        params,
        body: postInputSchema,
        response: { 200: postSchema },
      },
    },
    async (request) => changePost(ctx, request.principal, request.params.id, request.body),
  );

  routes.delete(
    '/api/v1/posts/:id',
    {
      config: { access: 'posts:change' },
      schema: {
        tags: ['posts'],
        summary: 'Delete a post (its author, or an admin) with its read marks and notifications',
        params,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await deletePost(ctx, request.principal, request.params.id);
      return reply.code(204).send(null);
    },
  );

  routes.post(
    '/api/v1/posts/:id/read',
    {
      config: { access: 'posts:view' },
      schema: {
        tags: ['posts'],
        summary: 'Mark a post read; confirm: «Jeg har lest», for posts that ask for it',
        params,
        body: postReadInputSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await markPostRead(ctx, request.principal, request.params.id, request.body);
      return reply.code(204).send(null);
    },
  );

  routes.get(
    '/api/v1/posts/:id/reads',
    {
      config: { access: 'posts:view' },
      schema: {
        tags: ['posts'],
        summary: "Who of the post's audience has read it and who has not (its author and admins)",
        params,
        response: { 200: postReadsSchema },
      },
    },
    async (request) => postReads(ctx.database.db, request.principal, request.params.id),
  );
}
