import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';

/** /api/v1/screen…: what a paired TV asks for, as its own screen's TV account. */
export async function screenContentRoutes(_app: FastifyInstance, _ctx: AppContext): Promise<void> {}
