/**
 * Both ends of web push that are not Tun, for the tests: a push service (RFC 8030) on a local
 * port that records what it is sent and answers as the test says, and a "browser" that
 * subscribes like PushManager.subscribe() does and reads what arrives as a service worker
 * would: it checks the VAPID signature (RFC 8292) and decrypts the body (RFC 8291, aes128gcm of
 * RFC 8188). Written from the RFCs, not with web-push, so that the tests check the server's use
 * of the library against the standards rather than against itself.
 */
import {
  createDecipheriv,
  createECDH,
  createHmac,
  createPublicKey,
  randomBytes,
  randomUUID,
  verify,
  type ECDH,
} from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One POST the push service received. */
export interface ReceivedPush {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface TestPushService {
  /** `http://127.0.0.1:<port>`. */
  origin: string;
  received: ReceivedPush[];
  /** Answer this status to POSTs to `path` from now on (201 for every other path). */
  answer(path: string, status: number): void;
  /** Resolves once `count` pushes in all have arrived (the job runner sends in the background). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedPush[]>;
  close(): Promise<void>;
}

export async function startTestPushService(): Promise<TestPushService> {
  const received: ReceivedPush[] = [];
  const statuses = new Map<string, number>();
  const waiting: { count: number; resolve: () => void }[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      if (request.method === 'POST') {
        received.push({ path, headers: request.headers, body: Buffer.concat(chunks) });
        for (const waiter of waiting.filter((w) => received.length >= w.count)) waiter.resolve();
      }
      const status = statuses.get(path) ?? 201;
      // A push service answers 201 with the message's address (RFC 8030 §5).
      if (status === 201) response.setHeader('location', `${path}/messages/${randomUUID()}`);
      response.statusCode = status;
      response.end(status >= 400 ? `answered ${status} by the test` : '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    received,
    answer: (path, status) => statuses.set(path, status),
    waitFor: (count, timeoutMs = 10_000) =>
      new Promise((resolve, reject) => {
        if (received.length >= count) return resolve(received);
        const timer = setTimeout(
          () => reject(new Error(`expected ${count} pushes, ${received.length} arrived`)),
          timeoutMs,
        );
        waiting.push({
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve(received);
          },
        });
      }),
    close: () =>
      new Promise((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** What the browser sends to POST /push/subscriptions (PushSubscription.toJSON()). */
export interface SubscriptionJson {
  endpoint: string;
  expirationTime: null;
  keys: { p256dh: string; auth: string };
}

/** A browser's subscription: its key pair and auth secret stay on the device, as they do. */
export class TestBrowser {
  readonly endpoint: string;
  private readonly ecdh: ECDH;
  private readonly authSecret: Buffer;

  /** Subscribed at `origin` + `path` (a fresh path unless given). */
  constructor(origin: string, path = `/push/${randomUUID()}`) {
    this.endpoint = `${origin}${path}`;
    this.ecdh = createECDH('prime256v1');
    this.ecdh.generateKeys();
    this.authSecret = randomBytes(16);
  }

  get path(): string {
    return new URL(this.endpoint).pathname;
  }

  subscription(): SubscriptionJson {
    return {
      endpoint: this.endpoint,
      expirationTime: null,
      keys: {
        p256dh: this.ecdh.getPublicKey().toString('base64url'),
        auth: this.authSecret.toString('base64url'),
      },
    };
  }

  /**
   * The plain text of a push body, as the browser decrypts it before the service worker's push
   * event (RFC 8291 §3.4, one aes128gcm record of RFC 8188 §2).
   */
  decrypt(body: Buffer): string {
    // The header: salt (16) | record size (4) | key id length (1) | key id: the sender's public key.
    const salt = body.subarray(0, 16);
    const idLength = body.readUInt8(20);
    const senderPublic = body.subarray(21, 21 + idLength);
    const record = body.subarray(21 + idLength);
    if (idLength !== 65) throw new Error(`the key id is ${idLength} bytes, not a P-256 public key`);

    const ecdhSecret = this.ecdh.computeSecret(senderPublic);
    const prkKey = hkdfExtract(this.authSecret, ecdhSecret);
    const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), this.ecdh.getPublicKey(), senderPublic]);
    const ikm = hkdfExpand(prkKey, keyInfo, 32);
    const prk = hkdfExtract(salt, ikm);
    const cek = hkdfExpand(prk, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
    const nonce = hkdfExpand(prk, Buffer.from('Content-Encoding: nonce\0'), 12);

    const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
    decipher.setAuthTag(record.subarray(record.length - 16));
    const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
    // The last record ends with the delimiter 0x02, then any padding of zeros.
    let end = padded.length - 1;
    while (end >= 0 && padded[end] === 0) end -= 1;
    if (padded[end] !== 2) throw new Error('the record has no last-record delimiter');
    return padded.subarray(0, end).toString('utf8');
  }
}

function hkdfExtract(salt: Buffer, ikm: Buffer): Buffer {
  return createHmac('sha256', salt).update(ikm).digest();
}

/** One block is enough for every length here (at most 32 bytes). */
function hkdfExpand(prk: Buffer, info: Buffer, length: number): Buffer {
  return createHmac('sha256', prk)
    .update(Buffer.concat([info, Buffer.from([1])]))
    .digest()
    .subarray(0, length);
}

/** The JWT's claims, once its signature is checked. */
export interface VapidClaims {
  aud: string;
  exp: number;
  sub: string;
}

/**
 * Checks `Authorization: vapid t=<JWT>, k=<public key>` (RFC 8292 §3): the key is the one the
 * test expects, the JWT is ES256 and verifies with that key, its audience is the endpoint's
 * origin and it has not expired. Answers the claims.
 */
export function verifyVapid(
  authorization: string | undefined,
  endpoint: string,
  publicKey: string,
): VapidClaims {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  if (!match) throw new Error(`not a VAPID authorization: ${authorization}`);
  const [, token, key] = match as unknown as [string, string, string];
  if (key !== publicKey) throw new Error('the VAPID key is not the server’s');
  const [header, claims, signature] = token.split('.');
  if (!header || !claims || !signature) throw new Error('the VAPID token is not a JWT');
  const alg = (JSON.parse(Buffer.from(header, 'base64url').toString()) as { alg?: string }).alg;
  if (alg !== 'ES256') throw new Error(`the JWT is signed with ${alg}, not ES256`);

  const point = Buffer.from(key, 'base64url');
  const jwk = {
    kty: 'EC',
    crv: 'P-256',
    x: point.subarray(1, 33).toString('base64url'),
    y: point.subarray(33, 65).toString('base64url'),
  };
  const signed = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key: createPublicKey({ key: jwk, format: 'jwk' }), dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) throw new Error('the VAPID signature does not verify');

  const parsed = JSON.parse(Buffer.from(claims, 'base64url').toString()) as VapidClaims;
  if (parsed.aud !== new URL(endpoint).origin) throw new Error(`the JWT's audience is ${parsed.aud}`);
  if (!(parsed.exp * 1000 > Date.now())) throw new Error('the JWT has expired');
  return parsed;
}
