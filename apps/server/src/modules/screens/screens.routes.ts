import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';

/** /api/v1/screens…: pairing (RFC 8628), the school's screens, the emergency banner. */
export async function screensRoutes(_app: FastifyInstance, _ctx: AppContext): Promise<void> {}
