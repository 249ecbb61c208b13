/**
 * Uploads into the file archive (SPEC §4, §9): resumable with tus at /api/v1/files/uploads, and
 * files up to 256 KB as one multipart request to /api/v1/files. Like every route, each declares
 * `files:change`, checked before a byte is read. docs/decisions/020-files.md.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  FILE_SIMPLE_UPLOAD_MAX_BYTES,
  FILE_SIMPLE_UPLOAD_PATH,
  FILE_UPLOAD_PATH,
  idSchema,
  storedFileSchema,
  UPLOADED_FILE_ID_HEADER,
} from '@tun/shared';
import type { AppContext } from '../../context';
import { readSmallUpload, tusUploads } from './upload-requests';
import { uploadSmallFile } from './uploads.service';

const params = z.object({ id: idSchema });

export async function fileUploadsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tus = tusUploads(ctx);

  // tus bodies are streamed to the store as they arrive: Fastify must not read (or limit) them.
  // The body stays undefined; tus reads the request itself.
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) =>
    done(null, undefined),
  );
  await app.register(multipart, {
    limits: { fileSize: FILE_SIMPLE_UPLOAD_MAX_BYTES, files: 1, fields: 25, fieldSize: 2000, parts: 26 },
  });

  routes.post(
    FILE_SIMPLE_UPLOAD_PATH,
    {
      config: { access: 'files:change' },
      schema: {
        tags: ['files'],
        summary: 'Upload a file of up to 256 KB as multipart/form-data (larger: the tus endpoint)',
        response: { 201: storedFileSchema },
      },
    },
    async (request, reply) => {
      const file = await uploadSmallFile(ctx, request.principal, await readSmallUpload(request));
      return reply.code(201).header(UPLOADED_FILE_ID_HEADER, file.id).send(file);
    },
  );

  routes.post(
    FILE_UPLOAD_PATH,
    {
      config: { access: 'files:change' },
      schema: {
        tags: ['files'],
        summary: 'tus: create a resumable upload (Upload-Length and Upload-Metadata filename, folderId)',
      },
    },
    async (request, reply) => tus.create(request, reply, request.principal),
  );

  for (const method of ['HEAD', 'PATCH', 'DELETE'] as const) {
    routes.route({
      method,
      url: `${FILE_UPLOAD_PATH}/:id`,
      config: { access: 'files:change' },
      schema: {
        tags: ['files'],
        summary: {
          HEAD: 'tus: how many bytes of one’s own upload have arrived',
          PATCH: 'tus: the next bytes of one’s own upload; the last one answers Tun-File-Id',
          DELETE: 'tus: cancel one’s own unfinished upload',
        }[method],
        params,
      },
      handler: async (request, reply) => tus.resume(request, reply, request.principal, request.params.id),
    });
  }
}
