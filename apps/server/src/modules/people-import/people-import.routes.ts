import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  importCommitResultSchema,
  importFileSchema,
  importPreviewSchema,
  IMPORT_MAX_BYTES,
  peopleExportQuerySchema,
} from '@tun/shared';
import type { AppContext } from '../../context';
import { commitImport, exportPeople, previewImport } from './people-import.service';
import { sendDownload } from '../../http/download';

// The file arrives base64-encoded in JSON: a third larger, plus the JSON around it.
const UPLOAD_BODY_LIMIT = Math.ceil(IMPORT_MAX_BYTES / 3) * 4 + 64 * 1024;

/**
 * Import and export of people. Both are the admin's ('students:change'): an import creates
 * students and staff alike, and an export holds everyone's contact details.
 */
export async function peopleImportRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx.database;

  routes.post(
    '/api/v1/people/import/preview',
    {
      bodyLimit: UPLOAD_BODY_LIMIT,
      config: { access: 'students:change' },
      schema: {
        tags: ['people'],
        summary: 'Read a CSV or XLSX file of people and show every row with its errors; writes nothing',
        body: importFileSchema,
        response: { 200: importPreviewSchema },
      },
    },
    async (request) => previewImport(db, request.principal.schoolId, request.body),
  );

  routes.post(
    '/api/v1/people/import/commit',
    {
      bodyLimit: UPLOAD_BODY_LIMIT,
      config: { access: 'students:change' },
      schema: {
        tags: ['people'],
        summary: 'Create everyone in the file in one transaction, or no one if any row has an error',
        body: importFileSchema,
        response: { 201: importCommitResultSchema },
      },
    },
    async (request, reply) => {
      const { schoolId, personId } = request.principal;
      const result = await commitImport(ctx, { schoolId, personId }, request.body);
      return reply.code(201).send(result);
    },
  );

  routes.get(
    '/api/v1/people/export',
    {
      config: { access: 'students:change' },
      schema: {
        tags: ['people'],
        summary:
          'Everyone of the school as CSV (semicolons, UTF-8 with BOM) or XLSX, with the import columns',
        querystring: peopleExportQuerySchema,
        produces: ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      },
    },
    async (request, reply) => {
      const file = await exportPeople(db, request.principal.schoolId, request.query.format, (message) =>
        request.log.warn(message),
      );
      return sendDownload(reply, file);
    },
  );
}
