import type { PairingStart } from '@tun/shared/screens';
import { useEffect, useRef, useState } from 'react';
import { isApiError } from '../../../lib/api-client';
import { requestPairingToken, startPairing } from '../api/pairing';
import {
  DENIED_SHOWN_MS,
  UNREACHABLE_RETRY_MS,
  nextInterval,
  pollOutcome,
  type PollOutcome,
} from '../model/pairing-model';

export type PairingState =
  | { kind: 'starting'; note: 'renewing' | 'denied' | 'failed' | null }
  | { kind: 'waiting'; start: PairingStart; expiresAt: number; failed: boolean }
  | { kind: 'paired' };

/** Resolves after `ms`, or at once (false) when the page goes; leaves no timer or listener behind. */
function sleep(ms: number, signal: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve(false);
    const onAbort = () => {
      clearTimeout(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve(true);
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Shows codes until one is approved (RFC 8628): fetches a code, asks every `interval` seconds
 * whether it was approved, and starts over on its own when it expires or is refused, so the
 * TV needs no keyboard or remote. `enabled` waits for the check of an existing session.
 */
export function usePairing(enabled: boolean, onPaired: () => void): PairingState {
  const [state, setState] = useState<PairingState>({ kind: 'starting', note: null });
  const onPairedRef = useRef(onPaired);
  useEffect(() => {
    onPairedRef.current = onPaired;
  });

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    const { signal } = controller;

    /** Waits for one code's fate: approved, refused or expired. */
    async function follow(start: PairingStart): Promise<'paired' | 'denied' | 'expired' | null> {
      const expiresAt = Date.now() + start.expiresIn * 1000;
      let interval = start.interval;
      setState({ kind: 'waiting', start, expiresAt, failed: false });
      for (;;) {
        if (!(await sleep(interval * 1000, signal))) return null;
        if (Date.now() >= expiresAt) return 'expired';
        let outcome: PollOutcome;
        try {
          await requestPairingToken(start.deviceCode, signal);
          return 'paired';
        } catch (error) {
          if (signal.aborted) return null;
          outcome = pollOutcome(isApiError(error) ? error.code : 'network-error');
        }
        if (outcome === 'expired' || outcome === 'denied') return outcome;
        interval = nextInterval(interval, outcome);
        setState({ kind: 'waiting', start, expiresAt, failed: outcome === 'unreachable' });
      }
    }

    async function run() {
      while (!signal.aborted) {
        let start: PairingStart;
        try {
          start = await startPairing(signal);
        } catch {
          if (signal.aborted) return;
          setState({ kind: 'starting', note: 'failed' });
          await sleep(UNREACHABLE_RETRY_MS, signal);
          continue;
        }
        const result = await follow(start);
        if (result === null) return;
        if (result === 'paired') {
          setState({ kind: 'paired' });
          onPairedRef.current();
          return;
        }
        if (result === 'denied') {
          setState({ kind: 'starting', note: 'denied' });
          if (!(await sleep(DENIED_SHOWN_MS, signal))) return;
        } else {
          setState({ kind: 'starting', note: 'renewing' });
        }
      }
    }

    void run();
    return () => controller.abort();
  }, [enabled]);

  return state;
}
