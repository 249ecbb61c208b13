/**
 * CommonJS packages loaded at their first use rather than at start (decision 037): image
 * processing, e-mail, web push, HTML cleaning and the PostgreSQL driver are needed by some
 * requests or some installations only.
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export function lazyRequire<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= require(name) as T);
}
