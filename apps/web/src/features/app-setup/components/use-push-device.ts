import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import {
  currentPushSubscription,
  pushSupported,
  subscribeToPush,
  unsubscribeFromPush,
} from '../../../lib/push-subscription';
import { pushStatus, type PushStatus } from '../model/push-state';

/** This device's state, not the server's: nothing is fetched, and it is never saved for offline. */
const pushDeviceQueryKey = ['push-device'] as const;

async function readDevice(): Promise<PushStatus> {
  const supported = pushSupported();
  let subscribed = false;
  try {
    subscribed = (await currentPushSubscription()) !== null;
  } catch {
    // No service worker yet (a development build, or one still installing): nothing subscribed.
  }
  return pushStatus({ supported, permission: supported ? Notification.permission : undefined, subscribed });
}

/**
 * Push on this device: whether the browser can, whether the person allowed it, and whether this
 * device has a subscription. The browser holds the truth; it is asked again after every change,
 * when the page gets focus back, and when the permission changes in the browser's settings.
 */
export function usePushDevice(): {
  /** Undefined until the browser has answered. */
  status: PushStatus | undefined;
  pending: boolean;
  setOn: (on: boolean) => Promise<void>;
} {
  const queryClient = useQueryClient();
  const device = useQuery({
    queryKey: pushDeviceQueryKey,
    queryFn: readDevice,
    networkMode: 'always',
    staleTime: 0,
  });
  const [pending, setPending] = useState(false);

  useEffect(() => {
    let permission: PermissionStatus | undefined;
    let closed = false;
    const onChange = () => void queryClient.invalidateQueries({ queryKey: pushDeviceQueryKey });
    navigator.permissions
      ?.query({ name: 'notifications' })
      .then((result) => {
        if (closed) return;
        permission = result;
        result.addEventListener('change', onChange);
      })
      .catch(() => undefined);
    return () => {
      closed = true;
      permission?.removeEventListener('change', onChange);
    };
  }, [queryClient]);

  const setOn = useCallback(
    async (on: boolean) => {
      setPending(true);
      try {
        await (on ? subscribeToPush() : unsubscribeFromPush());
      } finally {
        await queryClient.invalidateQueries({ queryKey: pushDeviceQueryKey });
        setPending(false);
      }
    },
    [queryClient],
  );

  return { status: device.data, pending, setOn };
}
