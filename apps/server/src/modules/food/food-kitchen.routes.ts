/**
 * What the kitchen needs beside the menus: special diets (health data), «Jeg spiser ikke» /
 * «Matpakke», the cut-off for them, and how many will eat. docs/decisions/025-food-planner.md.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';

export async function foodKitchenRoutes(_app: FastifyInstance, _ctx: AppContext): Promise<void> {}
