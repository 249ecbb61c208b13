import { existsSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { AppContext } from '../context';
import { ProblemError } from '../http/problem';

function filesUnder(root: string): Set<string> {
  if (!existsSync(root)) return new Set();
  const files = readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split('\\').join('/'));
  return new Set(files);
}

/**
 * Serves the built web app. A path that is not a file gets index.html (history fallback), so
 * every route of the app opens directly; the app itself shows its not-found page. Hashed
 * assets are cached for a year, index.html never.
 */
export async function spaRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const root = ctx.config.webDist;
  const files = filesUnder(root);
  if (files.has('index.html')) await app.register(fastifyStatic, { root, serve: false });
  else app.log.warn(`The web app is not built (${root}); run npm run build.`);

  app.get('/*', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
    const path = (request.params as { '*': string })['*'];
    if (path === 'api' || path.startsWith('api/')) throw new ProblemError('not-found');
    if (files.has(path)) {
      const immutable = path.startsWith('assets/');
      return reply.sendFile(path, { maxAge: immutable ? '365d' : 0, immutable });
    }
    if (!files.has('index.html')) throw new ProblemError('not-found', 'The web app is not built: run npm run build.');
    return reply.header('cache-control', 'no-cache').sendFile('index.html', { maxAge: 0 });
  });
}
