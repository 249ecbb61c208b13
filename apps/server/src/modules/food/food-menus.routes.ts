/**
 * The food planner's dishes and menus (SPEC §2 /app/food-planner, §6 «Food plan: change admin,
 * kitchen; view everyone»). docs/decisions/025-food-planner.md.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';

export async function foodMenusRoutes(_app: FastifyInstance, _ctx: AppContext): Promise<void> {}
