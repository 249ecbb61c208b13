/**
 * PostgreSQL cannot store the NUL character in text, and nothing in Tun has a use for it. A
 * request that carries one anywhere (path, query, JSON body, keys included) is refused before
 * validation, on both databases alike, instead of failing inside a query as a 500.
 */
import type { FastifyInstance } from 'fastify';
import { ProblemError } from './problem';

const NUL = '\u0000';

function holdsNul(value: unknown): boolean {
  // A loop, not recursion: a body may nest arrays thousands deep.
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'string') {
      if (item.includes(NUL)) return true;
    } else if (item !== null && typeof item === 'object') {
      for (const [key, inner] of Object.entries(item)) {
        if (key.includes(NUL)) return true;
        pending.push(inner);
      }
    }
  }
  return false;
}

export function registerTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (holdsNul(request.params) || holdsNul(request.query) || holdsNul(request.body))
      throw new ProblemError('invalid-characters');
  });
}
