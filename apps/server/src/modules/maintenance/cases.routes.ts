/**
 * Janitor cases (SPEC §2 /app/janitor, §6 «Maintenance cases»): report, see, handle, comment,
 * reopen and photos. docs/decisions/026-janitor-cases.md.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';

export async function casesRoutes(_app: FastifyInstance, _ctx: AppContext): Promise<void> {}
