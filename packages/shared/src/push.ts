/**
 * Web push (RFC 8030, payloads encrypted per RFC 8291, VAPID per RFC 8292): each device a
 * person subscribes is one subscription; the notifications module sends through it when the
 * person wants a category by push (docs/decisions/022-installed-app.md).
 */
import { z } from 'zod';

export const PUSH_ENDPOINT_MAX = 1000;
/** Devices one person may have subscribed at once; the oldest goes when a new one comes. */
export const PUSH_SUBSCRIPTIONS_PER_PERSON_MAX = 10;

/** What the browser's PushSubscription.toJSON() gives. */
export const pushSubscriptionInputSchema = z.object({
  endpoint: z.url({ protocol: /^https?$/ }).max(PUSH_ENDPOINT_MAX),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    /** The browser's P-256 public key, base64url (65 bytes uncompressed). */
    p256dh: z.string().min(80).max(100),
    /** The 16-byte auth secret, base64url. */
    auth: z.string().min(16).max(30),
  }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionInputSchema>;

/** GET /push/key: the server's VAPID public key, for PushManager.subscribe(applicationServerKey). */
export const pushKeySchema = z.object({ publicKey: z.string() });

/** What the service worker receives in a push event (JSON), and shows. */
export const pushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  /** The app path to open on click. */
  link: z.string().nullable(),
  /** Notifications with the same tag replace each other on the device. */
  tag: z.string().nullable(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;

/** POST /push/subscriptions answers the subscription's id. */
export const pushSubscribedSchema = z.object({ id: z.string() });

/** DELETE /push/subscriptions: the device to forget, by its endpoint (as the browser knows it). */
export const pushUnsubscribeInputSchema = z.object({
  endpoint: z.string().min(1).max(PUSH_ENDPOINT_MAX),
});

/** POST /push/test: how many of my devices a test notification was queued to. */
export const pushTestResultSchema = z.object({ devices: z.number().int() });
export type PushTestResult = z.infer<typeof pushTestResultSchema>;

/** The title of the test notification «Send testvarsel» sends. */
export const PUSH_TEST_TITLE = 'Testvarsel fra Tun';
