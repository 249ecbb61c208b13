import type { FastifyReply } from 'fastify';

/**
 * A file the browser saves rather than shows (CSV, XLSX, a privacy export): named, never sniffed
 * into something else, never kept in a cache (they hold personal data).
 */
export function sendDownload(
  reply: FastifyReply,
  file: { fileName: string; contentType: string; body: string | Buffer },
): FastifyReply {
  return reply
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'no-store')
    .type(file.contentType)
    .send(file.body);
}
