/**
 * Web push (docs/decisions/022-installed-app.md): the server's VAPID key pair, the devices each
 * person subscribed, and the 'push.send' job that delivers one notification to one device.
 *
 * Notifications reach devices through notifyPeople (notifications.service), which asks here for
 * the recipients' devices and queues one job per device; this module only sends. The payload is
 * encrypted for the device (RFC 8291) and signed with our key (VAPID, RFC 8292) by `web-push`;
 * the request itself goes out with fetch, which speaks http as well as https (the tests' push
 * service is plain http) and takes a deadline for the whole exchange.
 */
import { createECDH, randomUUID } from 'node:crypto';
import type webPushModule from 'web-push';
import {
  PUSH_SUBSCRIPTIONS_PER_PERSON_MAX,
  PUSH_TEST_TITLE,
  type PushPayload,
  type PushSubscriptionInput,
  type PushTestResult,
} from '@tun/shared';
import type { Config, PushConfig, VapidKeys } from '../../config';
import type { AppContext } from '../../context';
import { nowIso, type Database, type Queryable } from '../../db/database';
import { write } from '../../db/write';
import { ProblemError } from '../../http/problem';
import type { JobInfo } from '../../jobs/job-runner';
import { enqueueJobs, type JobOutcome, type JobPayloads } from '../../jobs/job-queue';
import {
  deleteOwnSubscription,
  deleteSubscription,
  findSubscription,
  findVapidSetting,
  insertVapidSettingOnce,
  markSubscriptionUsed,
  subscriptionIdsOf,
  trimSubscriptions,
  upsertSubscription,
} from './push.repository';
import { lazyRequire } from '../../lazy-require';

const webPush = lazyRequire<typeof webPushModule>('web-push');

type Deps = Pick<AppContext, 'config' | 'database' | 'live'>;

/** Who manages their own devices. */
export interface Owner {
  schoolId: string;
  personId: string;
}

// ── The key pair ────────────────────────────────────────────────────────────────────────────

function parseStoredKeys(value: string): VapidKeys {
  const parsed = JSON.parse(value) as Partial<VapidKeys>;
  if (typeof parsed.publicKey !== 'string' || typeof parsed.privateKey !== 'string')
    throw new Error('the stored VAPID keys are not a key pair');
  return { publicKey: parsed.publicKey, privateKey: parsed.privateKey };
}

/**
 * The pair from VAPID_* when set; otherwise the stored one, made at the first start. Every
 * instance must sign with the same pair (a browser subscribes with our public key, and the push
 * service refuses messages signed by another), so when two instances start at once on a new
 * database each offers its pair, the first insert wins, and both read back the winner.
 */
export async function loadVapidKeys(config: Pick<Config, 'push'>, db: Queryable): Promise<VapidKeys> {
  if (config.push.vapidKeys) return config.push.vapidKeys;
  const existing = await findVapidSetting(db);
  if (existing !== undefined) return parseStoredKeys(existing);
  await insertVapidSettingOnce(db, JSON.stringify(webPush().generateVAPIDKeys()));
  const stored = await findVapidSetting(db);
  if (stored === undefined) throw new Error('the VAPID keys were not stored');
  return parseStoredKeys(stored);
}

/** Read once per database and kept: the pair never changes while the server runs. */
const keysOf = new WeakMap<Database, Promise<VapidKeys>>();

export function vapidKeys(deps: Pick<AppContext, 'config' | 'database'>): Promise<VapidKeys> {
  let keys = keysOf.get(deps.database);
  if (!keys) {
    keys = loadVapidKeys(deps.config, deps.database.db);
    // A failed read (the database was away) is tried again by the next caller.
    keys.catch(() => keysOf.delete(deps.database));
    keysOf.set(deps.database, keys);
  }
  return keys;
}

// ── One's own devices ───────────────────────────────────────────────────────────────────────

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

/**
 * What the schema cannot see: an http endpoint where only https is allowed, and keys that are
 * not a P-256 point and a 16-byte secret. Refused now, rather than failing every send later.
 */
function checkSubscription(push: PushConfig, input: PushSubscriptionInput): void {
  const errors: { path: string; message: string }[] = [];
  if (!push.allowHttpEndpoints && new URL(input.endpoint).protocol !== 'https:') {
    errors.push({
      path: 'body.endpoint',
      message: 'Adressen til varslingstjenesten må begynne med https://.',
    });
  }
  if (!BASE64URL.test(input.keys.p256dh) || !isP256Point(Buffer.from(input.keys.p256dh, 'base64url'))) {
    errors.push({
      path: 'body.keys.p256dh',
      message: 'Nøkkelen fra nettleseren er ikke en gyldig P-256-nøkkel.',
    });
  }
  if (!BASE64URL.test(input.keys.auth) || Buffer.from(input.keys.auth, 'base64url').length !== 16) {
    errors.push({ path: 'body.keys.auth', message: 'Hemmeligheten fra nettleseren må være 16 byte.' });
  }
  if (errors.length > 0) throw new ProblemError('validation-failed', undefined, errors);
}

/** An uncompressed point on the curve: ECDH with it succeeds only then. */
function isP256Point(bytes: Buffer): boolean {
  if (bytes.length !== 65 || bytes[0] !== 4) return false;
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    ecdh.computeSecret(bytes);
    return true;
  } catch {
    return false;
  }
}

/**
 * Subscribes this device for the person: one row per endpoint, moved to whoever subscribed it
 * last (a shared computer, a phone passed on), and at most PUSH_SUBSCRIPTIONS_PER_PERSON_MAX
 * per person, the oldest going first: devices given away never unsubscribe.
 */
export async function subscribePush(
  deps: Deps,
  owner: Owner,
  input: PushSubscriptionInput,
): Promise<{ id: string }> {
  checkSubscription(deps.config.push, input);
  return write(deps, owner.schoolId, async (trx) => {
    const id = await upsertSubscription(trx, {
      id: randomUUID(),
      school_id: owner.schoolId,
      person_id: owner.personId,
      endpoint: input.endpoint,
      p256dh: input.keys.p256dh,
      auth: input.keys.auth,
      created_at: nowIso(),
    });
    await trimSubscriptions(trx, owner.personId, PUSH_SUBSCRIPTIONS_PER_PERSON_MAX);
    return { id };
  });
}

/**
 * Forgets the person's own device with this endpoint. Done when it is not (or no longer) theirs
 * too: the browser unsubscribes whatever we answer, and another person's device stays theirs.
 */
export async function unsubscribePush(deps: Deps, owner: Owner, endpoint: string): Promise<void> {
  await write(deps, owner.schoolId, (trx) =>
    deleteOwnSubscription(trx, owner.schoolId, owner.personId, endpoint),
  );
}

/** What «Send testvarsel» shows; it opens the page the button is on. */
const TEST_PAYLOAD: PushPayload = {
  title: PUSH_TEST_TITLE,
  body: 'Varsler fra Tun kommer fram på denne enheten.',
  link: '/app/setup/app',
  tag: 'push-test',
};

/** Queues the test notification to each of the person's devices (push only, not in the app). */
export async function sendTestPush(ctx: AppContext, owner: Owner): Promise<PushTestResult> {
  const devices = await write(ctx, owner.schoolId, async (trx) => {
    const subscriptions = await subscriptionIdsOf(trx, owner.schoolId, [owner.personId]);
    await enqueueJobs(
      trx,
      subscriptions.map((subscription) => ({
        schoolId: owner.schoolId,
        kind: 'push.send' as const,
        payload: { subscriptionId: subscription.id, payload: TEST_PAYLOAD },
      })),
    );
    return subscriptions.length;
  });
  // Someone is holding the phone and waiting: not until the next poll.
  if (devices > 0) ctx.jobs.kick();
  return { devices };
}

// ── For notifyPeople ────────────────────────────────────────────────────────────────────────

/**
 * The subscribed devices of these people of the school, per person (inside the caller's
 * transaction: notifyPeople queues one 'push.send' per device).
 */
export async function pushDevicesOf(
  db: Queryable,
  schoolId: string,
  personIds: readonly string[],
): Promise<Map<string, string[]>> {
  const devices = new Map<string, string[]>();
  if (personIds.length === 0) return devices;
  for (const row of await subscriptionIdsOf(db, schoolId, personIds)) {
    const ids = devices.get(row.person_id) ?? [];
    ids.push(row.id);
    devices.set(row.person_id, ids);
  }
  return devices;
}

// ── Sending ─────────────────────────────────────────────────────────────────────────────────

/** Well below the job's lease; a push service that has not answered by then is tried again later. */
const SEND_TIMEOUT_MS = 30_000;
/** How long the push service keeps a message for a device that is off: a day-old notice is still news. */
const TTL_SECONDS = 24 * 3600;
/** Of a refusal, kept for the log. */
const ANSWER_LOGGED_MAX = 500;

/** The first bytes of an answer as text, without reading the rest of whatever was sent. */
async function answerStart(response: Response): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < ANSWER_LOGGED_MAX) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.length;
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
  return Buffer.concat(chunks).toString('utf8').slice(0, ANSWER_LOGGED_MAX);
}

/**
 * The 'push.send' job: one notification to one device. The push service's answer decides:
 * 2xx delivered; 404 or 410 the device is gone (unsubscribed, app removed, subscription
 * expired), so its row goes and the job ends; 429 and 5xx are passing trouble and throw, so the
 * runner tries again with backoff (as it does when the network fails or the deadline passes);
 * any other refusal would be refused again and ends the job with a log.
 */
export async function sendPushJob(
  ctx: AppContext,
  payload: JobPayloads['push.send'],
  job: JobInfo,
): Promise<JobOutcome> {
  const { db } = ctx.database;
  const subscription = await findSubscription(db, payload.subscriptionId);
  // Unsubscribed, moved to another person or erased since it was queued: nobody to tell.
  if (!subscription) return;
  if (!ctx.config.push.allowHttpEndpoints && !subscription.endpoint.startsWith('https://')) {
    // Subscribed while PUSH_ALLOW_HTTP was on, and sent after it was switched off.
    ctx.log.warn({ jobId: job.id }, 'push: http endpoint no longer allowed, subscription removed');
    await deleteSubscription(db, subscription.id);
    return;
  }
  const keys = await vapidKeys(ctx);
  const request = webPush().generateRequestDetails(
    { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
    JSON.stringify(payload.payload),
    {
      vapidDetails: { subject: ctx.config.push.subject, ...keys },
      TTL: TTL_SECONDS,
      urgency: 'normal',
      contentEncoding: 'aes128gcm',
    },
  );
  // fetch counts the bytes itself; the rest are web-push's headers (TTL, Urgency, encoding, VAPID).
  const headers = Object.fromEntries(
    Object.entries(request.headers)
      .filter(([name]) => name.toLowerCase() !== 'content-length')
      .map(([name, value]) => [name, String(value)]),
  );
  const response = await fetch(request.endpoint, {
    method: 'POST',
    headers,
    body: request.body,
    // A push service answers; it does not send us elsewhere.
    redirect: 'manual',
    signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
  });
  const status = response.status;
  if (status >= 200 && status < 300) {
    await response.body?.cancel().catch(() => {});
    await markSubscriptionUsed(db, subscription.id, nowIso());
    return;
  }
  const answer = await answerStart(response);
  const service = new URL(subscription.endpoint).host;
  if (status === 404 || status === 410) {
    ctx.log.info({ jobId: job.id, service, status }, 'push: the device is gone, subscription removed');
    await deleteSubscription(db, subscription.id);
    return;
  }
  if (status === 429 || status >= 500) {
    throw new Error(`the push service ${service} answered ${status}: ${answer}`);
  }
  ctx.log.warn({ jobId: job.id, service, status, answer }, 'push: refused by the push service, not sent');
}
