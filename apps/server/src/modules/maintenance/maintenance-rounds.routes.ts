/**
 * The janitor's recurring rounds and the cases' statistics. docs/decisions/026-janitor-cases.md.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';

export async function maintenanceRoundsRoutes(_app: FastifyInstance, _ctx: AppContext): Promise<void> {}
