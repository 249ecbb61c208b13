/**
 * Every route, as every role: without a session it answers 401; with a role that the
 * permission table refuses it answers 403; with a role it allows it answers neither.
 * New routes are covered by this test the moment they are registered.
 */
import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canOwn, type RouteAccess } from '@tun/shared';
import { AUDIENCES, createPerson, createSchool, login, setupSchool } from './factories';
import { createTestApp, dialects, type TestApp } from './helper';

/** Streams stay open when allowed; they are checked with real connections in live.test.ts. */
const STREAMING = new Set(['GET /api/v1/live']);

/**
 * Routes an own grant reaches only while the person holds a duty: a scholar sees the house only
 * while on supervision (decision 027), refused with this code, not the table's «forbidden».
 */
const DUTY_BOUND = new Map([['GET /api/v1/house/tonight', 'house-not-on-duty']]);

function concreteUrl(url: string): string {
  return url.replace(/:[A-Za-z]+/g, randomUUID()).replace('*', 'x');
}

describe.each(dialects())('route access on %s', (dialect) => {
  let t: TestApp;
  const cookies = new Map<string, string>();
  let routes: { method: string; url: string; access: RouteAccess; screens: boolean }[];

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const { schoolId } = await setupSchool(t);
    for (const audience of AUDIENCES) {
      const { email } = await createPerson(t, schoolId, { roles: audience.roles, login: true });
      cookies.set(audience.name, await login(t, email));
    }
    routes = t.app.declaredRoutes().filter((route) => route.method !== 'HEAD');
  });
  afterAll(() => t.close());

  it('has routes to check, each with a declared access', () => {
    expect(routes.length).toBeGreaterThan(5);
    for (const route of routes) expect(route.access, `${route.method} ${route.url}`).toBeDefined();
  });

  it('answers 401 without a session on every route that is not public', async () => {
    for (const route of routes.filter((r) => r.access !== 'public')) {
      const response = await t.request({
        method: route.method as 'GET',
        url: concreteUrl(route.url),
        payload: {},
      });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(response.json().code).toBe('unauthenticated');
    }
  });

  // A HEAD route of its own (tus asks how far an upload got), not the copy Fastify makes of a
  // GET: its answer has no body, so only the status is compared.
  it('answers routes that only exist as HEAD by the permission table too', async () => {
    const all = t.app.declaredRoutes();
    const headOnly = all.filter(
      (route) =>
        route.method === 'HEAD' &&
        route.access !== 'public' &&
        !all.some((other) => other.method === 'GET' && other.url === route.url),
    );
    expect(headOnly.map((route) => route.url)).toContain('/api/v1/files/uploads/:id');
    for (const route of headOnly) {
      const url = concreteUrl(route.url);
      expect((await t.request({ method: 'HEAD', url })).statusCode, `HEAD ${route.url}`).toBe(401);
      for (const audience of AUDIENCES) {
        const allowed = canOwn(
          audience.roles,
          route.access as Exclude<RouteAccess, 'public' | 'authenticated'>,
        );
        const response = await t.request({ method: 'HEAD', url, cookie: cookies.get(audience.name)! });
        const label = `HEAD ${route.url} as ${audience.name}`;
        if (allowed) expect([401, 403], label).not.toContain(response.statusCode);
        else expect(response.statusCode, label).toBe(403);
      }
    }
  });

  // A device as a browser subscribes it (push.test.ts sends to such devices; here nothing is sent).
  const browserKey = createECDH('prime256v1');
  browserKey.generateKeys();
  const device = {
    endpoint: 'https://push.example.net/route-access',
    keys: {
      p256dh: browserKey.getPublicKey().toString('base64url'),
      auth: randomBytes(16).toString('base64url'),
    },
  };

  // One's own notifications and devices are everyone's to read and change, in every school: each
  // role, and another school's user, gets an answer (what they get is their own,
  // notifications.test.ts and push.test.ts). The device is subscribed by each caller in turn
  // (moving it), then unsubscribed by each, so the test notification finds no device to send to.
  const OWN_ROUTES: {
    method: 'GET' | 'POST' | 'PUT' | 'DELETE';
    url: string;
    payload?: object;
    status: number;
  }[] = [
    { method: 'GET', url: '/api/v1/notifications', status: 200 },
    { method: 'POST', url: '/api/v1/notifications/read', payload: {}, status: 204 },
    { method: 'GET', url: '/api/v1/notifications/preferences', status: 200 },
    {
      method: 'PUT',
      url: '/api/v1/notifications/preferences',
      payload: {
        posts: { inApp: true, email: false, push: true },
        attendance: { inApp: true, email: false, push: false },
        cases: { inApp: false, email: false, push: false },
      },
      status: 200,
    },
    { method: 'GET', url: '/api/v1/push/key', status: 200 },
    { method: 'POST', url: '/api/v1/push/subscriptions', payload: device, status: 201 },
    {
      method: 'DELETE',
      url: '/api/v1/push/subscriptions',
      payload: { endpoint: device.endpoint },
      status: 204,
    },
    { method: 'POST', url: '/api/v1/push/test', payload: {}, status: 202 },
  ];

  it("answers one's own notification and push routes for every role and for another school's user", async () => {
    const other = await createSchool(t, 'Nabotun');
    const { email } = await createPerson(t, other, { roles: ['admin'], login: true });
    // A TV account has none of these (the next test): it only shows its screen.
    const people = [...cookies].filter(([name]) => name !== 'tv');
    const callers = [...people, ['another school', await login(t, email)] as const];
    for (const route of OWN_ROUTES) {
      const declared = routes.find((r) => r.method === route.method && r.url === route.url);
      expect(declared?.access, `${route.method} ${route.url}`).toBe('authenticated');
      for (const [name, cookie] of callers) {
        const response = await t.request({
          method: route.method,
          url: route.url,
          cookie,
          ...(route.payload ? { payload: route.payload } : {}),
        });
        expect(response.statusCode, `${route.method} ${route.url} as ${name}: ${response.body}`).toBe(
          route.status,
        );
      }
    }
  });

  // A TV account (tv role only) shows its screen and nothing else (docs/decisions/024): of the
  // routes open to anyone signed in, it may call only those a screen needs, each flagged
  // `screens` in its config; every other one answers it 403. Its action routes follow the table.
  const SCREEN_ROUTES = ['GET /api/v1/live', 'GET /api/v1/session', 'GET /api/v1/time'];

  it('answers a TV account 403 on every route for signed-in people but those a screen needs', async () => {
    const flagged = routes.filter((route) => route.screens).map((route) => `${route.method} ${route.url}`);
    expect(flagged.sort()).toEqual(SCREEN_ROUTES);
    const tv = cookies.get('tv')!;
    for (const route of routes.filter((r) => r.access === 'authenticated')) {
      const key = `${route.method} ${route.url}`;
      if (route.screens && STREAMING.has(key)) continue;
      const response = await t.request({
        method: route.method as 'GET',
        url: concreteUrl(route.url),
        cookie: tv,
        payload: {},
      });
      if (route.screens) {
        expect([401, 403], `${key} as tv: ${response.body}`).not.toContain(response.statusCode);
      } else {
        expect(response.statusCode, `${key} as tv`).toBe(403);
        expect(response.json().code).toBe('forbidden');
      }
    }
    // What the others may call with only a sign-in, a TV may not; the teacher shows it is the
    // role that is refused, not the route.
    const teacher = await t.request({
      method: 'GET',
      url: '/api/v1/notifications',
      cookie: cookies.get('teacher')!,
    });
    expect(teacher.statusCode).toBe(200);
  });

  // Info screens (docs/decisions/024): pairing starts and is collected without a sign-in; all
  // else is the admin's. What a TV itself asks for (/api/v1/screen…) is screen:show.
  const SCREENS_ROUTES: Record<string, RouteAccess> = {
    'POST /api/v1/screens/pairing': 'public',
    'POST /api/v1/screens/pairing/token': 'public',
    'GET /api/v1/screens/pairing/:userCode': 'screens:manage',
    'POST /api/v1/screens/pairing/approve': 'screens:manage',
    'POST /api/v1/screens/pairing/deny': 'screens:manage',
    'GET /api/v1/screens': 'screens:manage',
    'POST /api/v1/screens': 'screens:manage',
    'PATCH /api/v1/screens/:id': 'screens:manage',
    'DELETE /api/v1/screens/:id': 'screens:manage',
    'POST /api/v1/screens/:id/revoke': 'screens:manage',
    'POST /api/v1/screens/:id/reload': 'screens:manage',
    'GET /api/v1/screens/emergency': 'screens:manage',
    'PUT /api/v1/screens/emergency': 'screens:manage',
    'DELETE /api/v1/screens/emergency': 'screens:manage',
  };

  it('declares the screens routes with their actions', () => {
    const declared = routes
      .filter((route) => route.url.startsWith('/api/v1/screens'))
      .map((route) => [`${route.method} ${route.url}`, route.access]);
    expect(Object.fromEntries(declared)).toEqual(SCREENS_ROUTES);
  });

  // The food planner (docs/decisions/025): menus are everyone's to read and the kitchen's to
  // change; diets are the person's own and the kitchen's; the counts are the kitchen's.
  const FOOD_ROUTES: Record<string, RouteAccess> = {
    'GET /api/v1/food/dishes': 'foodPlan:view',
    'POST /api/v1/food/dishes': 'foodPlan:change',
    'PUT /api/v1/food/dishes/:id': 'foodPlan:change',
    'DELETE /api/v1/food/dishes/:id': 'foodPlan:change',
    'GET /api/v1/food/menu': 'foodPlan:view',
    'PUT /api/v1/food/menu/meal': 'foodPlan:change',
    'PUT /api/v1/food/menu/weeks/:week/published': 'foodPlan:change',
    'POST /api/v1/food/menu/copy': 'foodPlan:change',
    'GET /api/v1/food/settings': 'foodPlan:view',
    'PUT /api/v1/food/settings': 'foodPlan:change',
    'PUT /api/v1/food/choices': 'meals:choose',
    'GET /api/v1/food/diets': 'diets:view',
    'GET /api/v1/food/diets/:personId': 'diets:view',
    'PUT /api/v1/food/diets/:personId': 'diets:change',
    'DELETE /api/v1/food/diets/:personId': 'diets:change',
    'GET /api/v1/food/counts': 'foodCounts:view',
  };

  it('declares the food planner routes with their actions', () => {
    const declared = routes
      .filter((route) => route.url.startsWith('/api/v1/food'))
      .map((route) => [`${route.method} ${route.url}`, route.access]);
    expect(Object.fromEntries(declared)).toEqual(FOOD_ROUTES);
  });

  // Janitor cases (docs/decisions/026): handlers (admin, janitor) see and handle all; submitters
  // report and see their own (own grant of maintenance:view: the routes scope to the reader).
  const MAINTENANCE_ROUTES: Record<string, RouteAccess> = {
    'GET /api/v1/maintenance/cases': 'maintenance:view',
    'POST /api/v1/maintenance/cases': 'maintenance:submit',
    'GET /api/v1/maintenance/cases/:id': 'maintenance:view',
    'PUT /api/v1/maintenance/cases/:id/status': 'maintenance:handle',
    'PUT /api/v1/maintenance/cases/:id/assignee': 'maintenance:handle',
    'POST /api/v1/maintenance/cases/:id/comments': 'maintenance:view',
    'POST /api/v1/maintenance/cases/:id/reopen': 'maintenance:view',
    'POST /api/v1/maintenance/cases/:id/photos': 'maintenance:view',
    'GET /api/v1/maintenance/cases/:id/photos/:photoId': 'maintenance:view',
    'GET /api/v1/maintenance/rounds': 'maintenance:handle',
    'POST /api/v1/maintenance/rounds': 'maintenance:handle',
    'PUT /api/v1/maintenance/rounds/:id': 'maintenance:handle',
    'DELETE /api/v1/maintenance/rounds/:id': 'maintenance:handle',
    'GET /api/v1/maintenance/stats': 'maintenance:handle',
    'GET /api/v1/maintenance/stats.csv': 'maintenance:handle',
  };

  it('declares the janitor case routes with their actions', () => {
    const declared = routes
      .filter((route) => route.url.startsWith('/api/v1/maintenance'))
      .map((route) => [`${route.method} ${route.url}`, route.access]);
    expect(Object.fromEntries(declared)).toEqual(MAINTENANCE_ROUTES);
  });

  // Leave and the house (docs/decisions/027): students and scholars apply for their own leave,
  // teachers and admins decide it; the house tonight is for staff and the scholar on duty.
  const LEAVE_ROUTES: Record<string, RouteAccess> = {
    'GET /api/v1/leave/settings': 'leave:view',
    'PUT /api/v1/leave/settings': 'leave:settings',
    'GET /api/v1/leave': 'leave:view',
    'POST /api/v1/leave': 'leave:apply',
    'GET /api/v1/leave/:id': 'leave:view',
    'PUT /api/v1/leave/:id': 'leave:apply',
    'PUT /api/v1/leave/:id/period': 'leave:approve',
    'POST /api/v1/leave/:id/decision': 'leave:approve',
    'POST /api/v1/leave/:id/withdraw': 'leave:withdraw',
    'GET /api/v1/house/tonight': 'house:view',
    'PUT /api/v1/house/checks': 'house:check',
  };

  it('declares the leave and house routes with their actions', () => {
    const declared = routes
      .filter((route) => route.url.startsWith('/api/v1/leave') || route.url.startsWith('/api/v1/house'))
      .map((route) => [`${route.method} ${route.url}`, route.access]);
    expect(Object.fromEntries(declared)).toEqual(LEAVE_ROUTES);
  });

  // Posts (docs/decisions/021): each route declares its action of the table, and a post of one
  // school is not found (404, never 403 or its data) by another school's user on any route that
  // names it. What each role may do with a post is in posts.test.ts.
  const POST_ROUTES: Record<string, RouteAccess> = {
    'GET /api/v1/posts': 'posts:view',
    'POST /api/v1/posts': 'posts:change',
    'GET /api/v1/posts/:id': 'posts:view',
    'PUT /api/v1/posts/:id': 'posts:change',
    'DELETE /api/v1/posts/:id': 'posts:change',
    'POST /api/v1/posts/:id/read': 'posts:view',
    'GET /api/v1/posts/:id/reads': 'posts:view',
  };

  it("declares the posts routes with their actions, and hides a post from another school's user", async () => {
    const declared = routes
      .filter((route) => route.url.startsWith('/api/v1/posts'))
      .map((route) => [`${route.method} ${route.url}`, route.access]);
    expect(Object.fromEntries(declared)).toEqual(POST_ROUTES);

    const input = { title: 'Bare for oss', body: '<p>Hei</p>', audience: { kind: 'school' } };
    const created = await t.request({
      method: 'POST',
      url: '/api/v1/posts',
      cookie: cookies.get('admin')!,
      payload: input,
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ id: string }>().id;
    const other = await createSchool(t, 'Fremmedtun');
    const { email } = await createPerson(t, other, { roles: ['admin'], login: true });
    const stranger = await login(t, email);
    const calls: ['GET' | 'PUT' | 'DELETE' | 'POST', string, object?][] = [
      ['GET', `/api/v1/posts/${id}`],
      ['PUT', `/api/v1/posts/${id}`, input],
      ['DELETE', `/api/v1/posts/${id}`],
      ['POST', `/api/v1/posts/${id}/read`, { confirm: true }],
      ['GET', `/api/v1/posts/${id}/reads`],
    ];
    for (const [method, url, payload] of calls) {
      const response = await t.request({ method, url, cookie: stranger, ...(payload ? { payload } : {}) });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json().code).toBe('post-not-found');
    }
    const feed = await t.request({ method: 'GET', url: '/api/v1/posts', cookie: stranger });
    expect(feed.json().posts).toEqual([]);
  });

  // The school's app (docs/decisions/022-installed-app.md): everyone at the school reads it, the
  // admin changes it, and another school's user reads and changes only their own school's. The
  // manifest is public: the browser asks before anyone signs in. What each role gets is in
  // app-settings.test.ts.
  const APP_SETTINGS_ROUTES: Record<string, RouteAccess> = {
    'GET /api/v1/app-settings': 'schoolInfo:view',
    'PUT /api/v1/app-settings': 'schoolInfo:change',
    'GET /manifest.webmanifest': 'public',
  };

  it("declares the app settings routes with their actions, and keeps each school's to itself", async () => {
    const declared = routes
      .filter((route) => route.url === '/api/v1/app-settings' || route.url === '/manifest.webmanifest')
      .map((route) => [`${route.method} ${route.url}`, route.access]);
    expect(Object.fromEntries(declared)).toEqual(APP_SETTINGS_ROUTES);

    for (const cookie of [undefined, ...cookies.values()]) {
      const manifest = await t.request({
        method: 'GET',
        url: '/manifest.webmanifest',
        ...(cookie ? { cookie } : {}),
      });
      expect(manifest.statusCode).toBe(200);
      expect(manifest.json().short_name).toBeTruthy();
    }

    const other = await createSchool(t, 'Appnabo');
    const { email } = await createPerson(t, other, { roles: ['admin'], login: true });
    const stranger = await login(t, email);
    const ours = await t.request({
      method: 'GET',
      url: '/api/v1/app-settings',
      cookie: cookies.get('admin')!,
    });
    const saved = await t.request({
      method: 'PUT',
      url: '/api/v1/app-settings',
      cookie: stranger,
      payload: { ...ours.json<object>(), appName: 'Appnabo', logoUrl: undefined },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const theirs = await t.request({ method: 'GET', url: '/api/v1/app-settings', cookie: stranger });
    expect(theirs.json().appName).toBe('Appnabo');
    const still = await t.request({
      method: 'GET',
      url: '/api/v1/app-settings',
      cookie: cookies.get('admin')!,
    });
    expect(still.json()).toEqual(ours.json());
  });

  for (const audience of AUDIENCES) {
    it(`follows the permission table for ${audience.name}`, async () => {
      const cookie = cookies.get(audience.name)!;
      for (const route of routes.filter((r) => r.access !== 'public' && r.access !== 'authenticated')) {
        const key = `${route.method} ${route.url}`;
        const allowed = canOwn(
          audience.roles,
          route.access as Exclude<RouteAccess, 'public' | 'authenticated'>,
        );
        if (allowed && STREAMING.has(key)) continue;
        const response = await t.request({
          method: route.method as 'GET',
          url: concreteUrl(route.url),
          cookie,
          payload: {},
        });
        if (allowed && DUTY_BOUND.has(key) && response.statusCode === 403) {
          expect(response.json().code, `${key} as ${audience.name}`).toBe(DUTY_BOUND.get(key));
        } else if (allowed) {
          expect([401, 403], `${key} as ${audience.name}: ${response.body}`).not.toContain(
            response.statusCode,
          );
        } else {
          expect(response.statusCode, `${key} as ${audience.name}`).toBe(403);
          expect(response.json().code).toBe('forbidden');
        }
      }
    });
  }
});

describe('a route without a declared access', () => {
  it('stops the server from starting', async () => {
    await expect(
      createTestApp('sqlite', {
        extraRoutes: async (app) => {
          app.get('/api/v1/glemt', async () => ({ ok: true }));
        },
      }),
    ).rejects.toThrow('Routes without a declared access rule: GET /api/v1/glemt');
  });

  it('starts when the same route declares one', async () => {
    const t = await createTestApp('sqlite', {
      extraRoutes: async (app) => {
        app.get('/api/v1/husket', { config: { access: 'rooms:change' } }, async () => ({ ok: true }));
      },
    });
    try {
      const { schoolId, adminCookie } = await setupSchool(t);
      expect(
        (await t.request({ method: 'GET', url: '/api/v1/husket', cookie: adminCookie })).statusCode,
      ).toBe(200);
      const { email } = await createPerson(t, schoolId, { roles: ['teacher'], login: true });
      const teacher = await login(t, email);
      expect((await t.request({ method: 'GET', url: '/api/v1/husket', cookie: teacher })).statusCode).toBe(
        403,
      );
    } finally {
      await t.close();
    }
  });
});
