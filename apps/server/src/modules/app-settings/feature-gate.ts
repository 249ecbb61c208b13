/**
 * A feature the school switched off is gone for everyone of the school: every route it owns
 * (FEATURE_ROUTE_PREFIXES in @tun/shared) answers 404 `not-found`, admins included, as if Tun
 * had no such feature. The access check asks it once the caller is known (policy/access.ts): the
 * signed-out still get their 401, and everyone signed in gets the 404, whatever their role.
 *
 * Which features a school switched off is kept in memory per school and dropped when the live
 * bus announces a change to the school (on any instance), so the check costs no query per request.
 * Nothing is deleted when a feature is switched off: switching it on restores it as it was.
 *
 * Public routes carry no school of their own here; none of a feature's routes is public today
 * (the iCal feeds belong to the calendar, which is always on). One that becomes public must
 * check its own school's switch.
 */
import type { FastifyRequest } from 'fastify';
import { featureOfRoute, type AppFeature, type LiveTopic } from '@tun/shared';
import type { AppContext } from '../../context';
import { ProblemError } from '../../http/problem';
import { createAnswerCache } from '../../live/answer-cache';
import { featureState, type FeatureState } from './app-settings.service';

const SCHOOL_TOPICS: ReadonlySet<LiveTopic> = new Set(['school']);

/** The archive's routes that show a file; the school's logo stays visible with the archive off. */
const FILE_SHOWING_ROUTES = new Set(['/api/v1/files/:id/content', '/api/v1/files/:id/thumbnail']);

function isLogoRequest(request: FastifyRequest, url: string, state: FeatureState): boolean {
  if (state.logoFileId === null || !FILE_SHOWING_ROUTES.has(url)) return false;
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  return (request.params as { id?: unknown }).id === state.logoFileId;
}

export interface FeatureGate {
  /** Throws 404 `not-found` when the request's route belongs to a feature its school switched off. */
  check(request: FastifyRequest): Promise<void>;
  stop(): void;
}

export function createFeatureGate(deps: Pick<AppContext, 'database' | 'live'>): FeatureGate {
  const states = createAnswerCache(deps.live, 'features', SCHOOL_TOPICS);
  // Route patterns are few and fixed: each is looked up once.
  const featureOf = new Map<string, AppFeature | null>();

  return {
    async check(request) {
      const url = request.routeOptions.url;
      if (url === undefined) return;
      let feature = featureOf.get(url);
      if (feature === undefined) {
        feature = featureOfRoute(url) ?? null;
        featureOf.set(url, feature);
      }
      if (feature === null) return;
      const { schoolId } = request.principal;
      const state = await states.value(schoolId, 'features', () => featureState(deps.database.db, schoolId));
      if (!state.off.has(feature)) return;
      if (feature === 'files' && isLogoRequest(request, url, state)) return;
      throw new ProblemError('not-found');
    },
    stop: () => states.stop(),
  };
}
