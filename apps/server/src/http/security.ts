import Fastify, { type FastifyInstance } from 'fastify';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import type { Config } from '../config';
import { ProblemError } from './problem';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Powerful features Tun's pages may use: the camera, for Tun itself only (a scan page may read a
 * room's QR code); everything else is off, for embedded content too. Web NFC, which writes room
 * tags, has no Permissions-Policy feature, so this leaves it alone.
 */
export const PERMISSIONS_POLICY = [
  'camera=(self)',
  'microphone=()',
  'geolocation=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'hid=()',
  'midi=()',
  'accelerometer=()',
  'gyroscope=()',
  'magnetometer=()',
  'display-capture=()',
  'browsing-topics=()',
].join(', ');

/** The built app's hashed files (scripts, styles, the catalog), never a document. */
const ASSETS = '/assets/';

/**
 * What a hashed file keeps of the security headers. The others govern documents and workers (a
 * script runs under its page's policy, not its own), and a cold page loads some twenty of these
 * files: some 800 bytes each of headers no browser reads.
 */
const ASSET_HEADERS = new Set([
  'x-content-type-options',
  'cross-origin-resource-policy',
  'strict-transport-security',
]);

/**
 * Security headers, and a check that state-changing requests come from Tun's own pages.
 * Cookies are SameSite=Lax already; the Origin check also stops a same-site attacker.
 */
export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  const https = config.publicUrl.startsWith('https://');
  const headers = await helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        // Mantine writes its CSS variables in a style element.
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'"],
        // The installed app: the manifest (served by the server) and the service worker, both Tun's own.
        'manifest-src': ["'self'"],
        'worker-src': ["'self'"],
        'object-src': ["'none'"],
        'base-uri': ["'none'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
        ...(https ? { 'upgrade-insecure-requests': [] } : {}),
      },
    },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'same-origin' },
    frameguard: { action: 'deny' },
  });
  headers['permissions-policy'] = PERMISSIONS_POLICY;
  const entries = Object.entries(headers);
  const assetEntries = entries.filter(([name]) => ASSET_HEADERS.has(name));

  app.addHook('onRequest', (request, reply, done) => {
    // On the raw response, as helmet sets them: a hijacked answer (the live stream) has them too,
    // and a route's own value (a download's policy) still wins.
    for (const [name, value] of request.url.startsWith(ASSETS) ? assetEntries : entries) {
      reply.raw.setHeader(name, value);
    }
    // API answers are personal (a session's data, or a problem about it): no cache keeps them.
    // Answers revalidated by ETag say 'private, no-cache' themselves (docs/decisions/009-calendar.md).
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
    done();
  });

  const configured = new URL(config.publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (!UNSAFE_METHODS.has(request.method)) return;
    if (request.headers['sec-fetch-site'] === 'cross-site') throw new ProblemError('origin-mismatch');
    const origin = request.headers.origin;
    // Clients that are not browsers send no Origin and carry no ambient cookies to abuse.
    if (origin === undefined) return;
    if (origin === configured) return;
    // Without a configured PUBLIC_URL, the address the browser used is Tun's own.
    if (!config.publicUrlFixed && origin === `${request.protocol}://${request.host}`) return;
    throw new ProblemError('origin-mismatch');
  });
}

/**
 * The headers helmet sets with these options, asked once of the plugin itself in an app of its
 * own: they are the same on every answer, and the plugin would build helmet's middleware again
 * (its policy parsed and written out) for every request.
 */
async function helmetHeaders(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  const probe = Fastify();
  try {
    await probe.register(helmet, options);
    probe.get('/', (_request, reply) => reply.send(reply.raw.getHeaders()));
    const response = await probe.inject({ method: 'GET', url: '/' });
    return response.json<Record<string, string>>();
  } finally {
    await probe.close();
  }
}
