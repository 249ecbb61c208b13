/**
 * Every route declares who may call it (`config.access`): an action of the permission table in
 * @tun/shared, 'authenticated' or 'public'. The server refuses to start when a route declares
 * nothing, so a forgotten check cannot ship. Authorization runs before the body is parsed or
 * validated: a refused caller learns nothing about what the route would have accepted.
 */
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { canOwn, isScreenAccount, POLICY, type RouteAccess } from '@tun/shared';
import type { Auth } from '../auth/auth';
import { resolvePrincipal, type RequestPrincipal } from '../auth/principal';
import type { Db } from '../db/database';
import { ProblemError } from '../http/problem';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    /**
     * A TV account (tv role only) may call this 'authenticated' route too. Every other
     * authenticated route answers it 403: a screen shows its screen and nothing else
     * (docs/decisions/024-info-screens.md). Action routes follow the permission table instead.
     */
    screens?: boolean;
  }
  interface FastifyRequest {
    principal: RequestPrincipal;
  }
  interface FastifyInstance {
    /** Every route with its declared access; the permission tests walk this list. */
    declaredRoutes(): { method: string; url: string; access: RouteAccess; screens: boolean }[];
  }
}

export class UndeclaredAccessError extends Error {}

function isDeclared(access: unknown): access is RouteAccess {
  return (
    access === 'public' || access === 'authenticated' || (typeof access === 'string' && access in POLICY)
  );
}

export interface AccessOptions {
  auth: Auth;
  db: Db;
  /**
   * Asked once the caller is known and before their role is: a feature the school switched off
   * answers 404 to everyone of the school, whatever the role (modules/app-settings/feature-gate.ts).
   */
  afterSignIn?: (request: FastifyRequest) => Promise<void>;
}

export const accessPlugin = fp<AccessOptions>(async (app: FastifyInstance, deps) => {
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    routes.push(route);
  });
  // Checked once everything is registered: plugins may fill in their routes' config late.
  app.addHook('onReady', async () => {
    const missing = routes.filter((route) => !isDeclared(route.config?.access));
    if (missing.length > 0) {
      const list = missing.map((route) => `${String(route.method)} ${route.url}`).join(', ');
      throw new UndeclaredAccessError(`Routes without a declared access rule: ${list}`);
    }
  });

  app.decorate('declaredRoutes', () =>
    routes.flatMap((route) =>
      [route.method].flat().map((method) => ({
        method,
        url: route.url,
        access: route.config?.access as RouteAccess,
        screens: route.config?.screens === true,
      })),
    ),
  );
  app.decorateRequest('principal', null as unknown as RequestPrincipal);
  app.addHook('onRequest', async (request, reply) => {
    const access = request.routeOptions.config?.access;
    // Unknown URLs reach the not-found handler with no route config; it answers 404.
    if (access === undefined || access === 'public') return;
    request.principal = await resolvePrincipal(
      deps,
      request.headers,
      (message) => request.log.warn(message),
      (cookies) => reply.header('set-cookie', cookies),
    );
    if (deps.afterSignIn) await deps.afterSignIn(request);
    if (access === 'authenticated') {
      // «Signed in» means a person here; a TV account is one only where the route says so.
      const screens = request.routeOptions.config?.screens === true;
      if (!screens && isScreenAccount(request.principal.roles)) throw new ProblemError('forbidden');
      return;
    }
    // Own-record grants pass here; the route then limits itself to the person's records.
    if (!canOwn(request.principal.roles, access)) throw new ProblemError('forbidden');
  });
});
