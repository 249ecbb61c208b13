/**
 * Janitor cases (SPEC §2 /app/janitor, §6 «Maintenance cases»): report, see, handle, comment,
 * reopen and photos. docs/decisions/026-janitor-cases.md.
 */
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CASE_PHOTO_BYTES_MAX,
  CASE_PHOTO_TYPES,
  caseAssigneeInputSchema,
  caseCommentInputSchema,
  caseInputSchema,
  caseListQuerySchema,
  caseListSchema,
  casePhotoSchema,
  caseReopenInputSchema,
  caseSchema,
  caseStatusInputSchema,
  idSchema,
} from '@tun/shared';
import type { AppContext } from '../../context';
import { ProblemError } from '../../http/problem';
import { downloadHeaders } from '../files/download';
import { addCasePhoto, casePhotoDownload } from './case-photos.service';
import {
  commentOnCase,
  createCase,
  getCase,
  listCases,
  reopenCase,
  setCaseAssignee,
  setCaseStatus,
} from './cases.service';

const params = z.object({ id: idSchema });
const photoParams = z.object({ id: idSchema, photoId: idSchema });

export async function casesRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const db = ctx.database.db;

  // A photo is sent as its own bytes (the phone's camera file), read whole: the route's body
  // limit bounds it. Only in this module's scope.
  app.addContentTypeParser(
    [...CASE_PHOTO_TYPES],
    { parseAs: 'buffer', bodyLimit: CASE_PHOTO_BYTES_MAX },
    (_request, body, done) => done(null, body),
  );

  routes.post(
    '/api/v1/maintenance/cases',
    {
      config: { access: 'maintenance:submit' },
      schema: {
        tags: ['maintenance'],
        summary: 'Report a fault: title, description, room (or none), category and urgency; photos follow',
        body: caseInputSchema,
        response: { 201: caseSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await createCase(ctx, request.principal, request.body)),
  );

  routes.get(
    '/api/v1/maintenance/cases',
    {
      config: { access: 'maintenance:view' },
      schema: {
        tags: ['maintenance'],
        summary:
          'Cases: every case of the school, filtered, for admins and janitors; one’s own otherwise. ' +
          'Open ones oldest first, then closed ones newest first',
        querystring: caseListQuerySchema,
        response: { 200: caseListSchema },
      },
    },
    async (request) => listCases(db, request.principal, request.query),
  );

  routes.get(
    '/api/v1/maintenance/cases/:id',
    {
      config: { access: 'maintenance:view' },
      schema: {
        tags: ['maintenance'],
        summary:
          'A case with its photos, comments (internal notes for handlers only) and history; 404 for another’s',
        params,
        response: { 200: caseSchema },
      },
    },
    async (request) => getCase(db, request.principal, request.params.id),
  );

  routes.put(
    '/api/v1/maintenance/cases/:id/status',
    {
      config: { access: 'maintenance:handle' },
      schema: {
        tags: ['maintenance'],
        summary: 'Move a case to a status (a reason for «Avvist»), with a comment to the submitter if any',
        params,
        body: caseStatusInputSchema,
        response: { 200: caseSchema },
      },
    },
    async (request) => setCaseStatus(ctx, request.principal, request.params.id, request.body),
  );

  routes.put(
    '/api/v1/maintenance/cases/:id/assignee',
    {
      config: { access: 'maintenance:handle' },
      schema: {
        tags: ['maintenance'],
        summary: 'Give a case to a janitor or admin of the school, or to no one',
        params,
        body: caseAssigneeInputSchema,
        response: { 200: caseSchema },
      },
    },
    async (request) => setCaseAssignee(ctx, request.principal, request.params.id, request.body),
  );

  routes.post(
    '/api/v1/maintenance/cases/:id/comments',
    {
      config: { access: 'maintenance:view' },
      schema: {
        tags: ['maintenance'],
        summary: 'Comment on a case: the submitter publicly, handlers publicly or as an internal note',
        params,
        body: caseCommentInputSchema,
        response: { 200: caseSchema },
      },
    },
    async (request) => commentOnCase(ctx, request.principal, request.params.id, request.body),
  );

  routes.post(
    '/api/v1/maintenance/cases/:id/reopen',
    {
      config: { access: 'maintenance:view' },
      schema: {
        tags: ['maintenance'],
        summary: 'Reopen a case with a reason: the submitter within 14 days of its solving (409 otherwise)',
        params,
        body: caseReopenInputSchema,
        response: { 200: caseSchema },
      },
    },
    async (request) => reopenCase(ctx, request.principal, request.params.id, request.body),
  );

  routes.post(
    '/api/v1/maintenance/cases/:id/photos',
    {
      config: { access: 'maintenance:view' },
      bodyLimit: CASE_PHOTO_BYTES_MAX,
      schema: {
        tags: ['maintenance'],
        summary:
          'Add a photo (the bytes, as image/jpeg, image/png or image/webp): kept without its metadata, ' +
          'with a preview; at most 6 per case',
        params,
        response: { 201: casePhotoSchema },
      },
    },
    async (request, reply) => {
      if (!Buffer.isBuffer(request.body) || request.body.length === 0) {
        throw new ProblemError('file-type-refused', 'Send bildet som JPEG, PNG eller WebP.');
      }
      const photo = await addCasePhoto(ctx, request.principal, request.params.id, request.body);
      return reply.code(201).send(photo);
    },
  );

  routes.get(
    '/api/v1/maintenance/cases/:id/photos/:photoId',
    {
      config: { access: 'maintenance:view' },
      // Sent byte for byte: the ETag and Content-Length describe the stored bytes.
      compress: false,
      schema: {
        tags: ['maintenance'],
        summary: 'A photo of a case (thumbnail=1: its small WebP preview); 404 for another’s case',
        params: photoParams,
        querystring: z.object({ thumbnail: z.enum(['0', '1']).default('0') }),
      },
    },
    async (request, reply) => {
      const download = await casePhotoDownload(
        ctx,
        request.principal,
        request.params.id,
        request.params.photoId,
        request.query.thumbnail === '1',
      );
      const { status, headers, range } = downloadHeaders(request, download.object);
      reply.code(status).headers(headers);
      if (range === undefined)
        return reply.send(status === 200 || status === 206 ? Readable.from([]) : undefined);
      return reply.send(await download.open(range === 'all' ? undefined : range));
    },
  );
}
