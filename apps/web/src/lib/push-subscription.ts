import type { PushSubscriptionInput } from '@tun/shared/push';
import { apiRequest } from './api-client';

/**
 * Web push on this device (docs/decisions/022-installed-app.md): the browser's subscription,
 * made with the server's VAPID key and handed to the server, which then sends pushes to it.
 * The service worker (src/sw.ts) shows them.
 */

/** Why push cannot be switched on here: the browser has no push, or the user said no to notifications. */
export class PushUnavailableError extends Error {
  readonly reason: 'unsupported' | 'denied';

  constructor(reason: 'unsupported' | 'denied') {
    super(reason === 'unsupported' ? 'Push is not supported here' : 'Notifications are blocked');
    this.name = 'PushUnavailableError';
    this.reason = reason;
  }
}

/**
 * Does this browser have web push? On iPhone and iPad it only has it in the installed app
 * (iOS 16.4 and later), not in a Safari tab.
 */
export function pushSupported(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** The VAPID key (base64url) as the bytes PushManager.subscribe wants; Safari takes no string. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

function sameKey(existing: ArrayBuffer | null, wanted: Uint8Array): boolean {
  if (!existing || existing.byteLength !== wanted.length) return false;
  const bytes = new Uint8Array(existing);
  return bytes.every((byte, index) => byte === wanted[index]);
}

/** This device's subscription, or null when push is off here (or there is no service worker yet). */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  // getRegistration, not ready: ready never settles where no worker is registered (the dev server).
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/**
 * Switches push on for this device: asks for permission to notify (call it from a click, as
 * Safari requires), subscribes with the server's key and registers the subscription with the
 * server. Throws PushUnavailableError, or the server's ApiError.
 */
export async function subscribeToPush(): Promise<void> {
  if (!pushSupported()) throw new PushUnavailableError('unsupported');
  const permission =
    Notification.permission === 'default' ? await Notification.requestPermission() : Notification.permission;
  if (permission !== 'granted') throw new PushUnavailableError('denied');

  const [{ publicKey }, registration] = await Promise.all([
    apiRequest<{ publicKey: string }>('/push/key'),
    navigator.serviceWorker.ready,
  ]);
  const applicationServerKey = keyBytes(publicKey);
  let subscription = await registration.pushManager.getSubscription();
  // Made with another key (the server's keys were replaced): the push service would refuse it.
  if (subscription && !sameKey(subscription.options.applicationServerKey, applicationServerKey)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
  const body = subscription.toJSON() as PushSubscriptionInput;
  await apiRequest('/push/subscriptions', { method: 'POST', body });
}

/**
 * Switches push off for this device. The server forgets the subscription first, so a failure
 * there leaves both sides as they were and the user can try again.
 */
export async function unsubscribeFromPush(): Promise<void> {
  const subscription = await currentPushSubscription();
  if (!subscription) return;
  await apiRequest('/push/subscriptions', { method: 'DELETE', body: { endpoint: subscription.endpoint } });
  await subscription.unsubscribe();
}
