/**
 * The file archive's folders and files (SPEC §2 /app/files, §7 file storage): listing, usage,
 * metadata, rename, move, delete, and the bytes. Uploads are in uploads.routes.ts.
 * docs/decisions/020-files.md.
 */
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  fileChangeSchema,
  fileListQuerySchema,
  fileListSchema,
  fileUsageSchema,
  folderChangeSchema,
  folderInputSchema,
  folderSchema,
  idSchema,
  storedFileSchema,
} from '@tun/shared';
import type { AppContext } from '../../context';
import { downloadHeaders } from './download';
import {
  archiveUsage,
  changeFile,
  changeFolder,
  createFolder,
  deleteFile,
  deleteFolder,
  fileDownload,
  getFile,
  listArchive,
} from './files.service';

const params = z.object({ id: idSchema });
const flag = z.enum(['1', 'true', '0', 'false']).optional();
const isSet = (value: z.infer<typeof flag>) => value === '1' || value === 'true';

export async function filesRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/v1/files',
    {
      config: { access: 'files:view' },
      schema: {
        tags: ['files'],
        summary: 'A folder of the archive (or a search by name), a page of files at a time',
        querystring: fileListQuerySchema,
        response: { 200: fileListSchema },
      },
    },
    async (request) => listArchive(ctx.database.db, request.principal, request.query),
  );

  routes.get(
    '/api/v1/files/usage',
    {
      config: { access: 'files:view' },
      schema: {
        tags: ['files'],
        summary: "The school's stored bytes (unfinished uploads counted), its quota and the size limit",
        response: { 200: fileUsageSchema },
      },
    },
    async (request) => archiveUsage(ctx.database.db, ctx.config.files, request.principal.schoolId),
  );

  routes.get(
    '/api/v1/files/:id',
    {
      config: { access: 'files:view' },
      schema: {
        tags: ['files'],
        summary: "One file's metadata",
        params,
        response: { 200: storedFileSchema },
      },
    },
    async (request) => getFile(ctx.database.db, request.principal, request.params.id),
  );

  routes.patch(
    '/api/v1/files/:id',
    {
      config: { access: 'files:change' },
      schema: {
        tags: ['files'],
        summary: 'Rename a file or move it to another folder',
        params,
        body: fileChangeSchema,
        response: { 200: storedFileSchema },
      },
    },
    async (request) => changeFile(ctx, request.principal, request.params.id, request.body),
  );

  routes.delete(
    '/api/v1/files/:id',
    {
      config: { access: 'files:change' },
      schema: {
        tags: ['files'],
        summary: 'Delete a file and its bytes',
        params,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await deleteFile(ctx, request.principal, request.params.id);
      return reply.code(204).send(null);
    },
  );

  for (const part of ['content', 'thumbnail'] as const) {
    routes.get(
      `/api/v1/files/:id/${part}`,
      {
        config: { access: 'files:view' },
        // Sent byte for byte: the ETag, Content-Length and ranges describe the stored bytes.
        compress: false,
        schema: {
          tags: ['files'],
          summary:
            part === 'content'
              ? 'The bytes, as an attachment (inline=1: shown, for images and PDFs); one byte range; ETag'
              : 'A small WebP preview of an image; 404 when there is none',
          params,
          querystring: z.object({ inline: flag }),
        },
      },
      async (request, reply) => {
        const download = await fileDownload(ctx, request.principal, request.params.id, {
          inline: isSet(request.query.inline),
          thumbnail: part === 'thumbnail',
        });
        const { status, headers, range } = downloadHeaders(request, download.object);
        reply.code(status).headers(headers);
        if (range === undefined) {
          // HEAD, 304, 416 and empty files: headers only. An empty stream keeps Content-Length.
          return reply.send(status === 200 || status === 206 ? Readable.from([]) : undefined);
        }
        // Streamed from the store: a 2 GB file is never held in memory.
        return reply.send(await download.open(range === 'all' ? undefined : range));
      },
    );
  }

  routes.post(
    '/api/v1/files/folders',
    {
      config: { access: 'files:change' },
      schema: {
        tags: ['files'],
        summary: 'Create a folder (names are unique in their folder, ignoring case)',
        body: folderInputSchema,
        response: { 201: folderSchema },
      },
    },
    async (request, reply) => {
      const folder = await createFolder(ctx, request.principal, request.body);
      return reply.code(201).send(folder);
    },
  );

  routes.patch(
    '/api/v1/files/folders/:id',
    {
      config: { access: 'files:change' },
      schema: {
        tags: ['files'],
        summary: 'Rename a folder or move it (not into itself or a folder inside it)',
        params,
        body: folderChangeSchema,
        response: { 200: folderSchema },
      },
    },
    async (request) => changeFolder(ctx, request.principal, request.params.id, request.body),
  );

  routes.delete(
    '/api/v1/files/folders/:id',
    {
      config: { access: 'files:change' },
      schema: {
        tags: ['files'],
        summary: 'Delete a folder; one that is not empty only with recursive=true, with all inside',
        params,
        querystring: z.object({ recursive: flag }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await deleteFolder(ctx, request.principal, request.params.id, isSet(request.query.recursive));
      return reply.code(204).send(null);
    },
  );
}
