/** Info screens made through the pairing routes, as a TV and an admin make them. */
import { expect } from 'vitest';
import type { PairingStart, Screen, ScreenInput } from '@tun/shared';
import { callApi } from './factories';
import type { TestApp } from './helper';

export const SCREEN: ScreenInput = {
  name: 'Spisesalen',
  place: 'Spisesalen, ved inngangen',
  layout: { orientation: 'landscape', panels: ['programme', 'menu', 'clock'], roomId: null },
  schedule: { darkFrom: '23:00', darkTo: '06:30' },
};

export async function startPairing(t: TestApp): Promise<PairingStart> {
  const response = await t.request({ method: 'POST', url: '/api/v1/screens/pairing' });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<PairingStart>();
}

export async function pollToken(t: TestApp, deviceCode: string) {
  return t.request({ method: 'POST', url: '/api/v1/screens/pairing/token', payload: { deviceCode } });
}

/** The cookie header a browser would send after the answer's Set-Cookie. */
export function cookieOf(response: { cookies: { name: string; value: string }[] }): string {
  return response.cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
}

/** A TV paired through the routes as a new screen (or an existing one); its cookie and screen. */
export async function pairTv(
  t: TestApp,
  adminCookie: string,
  screen: { screenId: string } | { screen: ScreenInput } = { screen: SCREEN },
) {
  const start = await startPairing(t);
  const approved = await callApi<Screen>(t, adminCookie, 'POST', '/api/v1/screens/pairing/approve', {
    userCode: start.userCode,
    ...screen,
  });
  expect(approved.status, JSON.stringify(approved.body)).toBe(200);
  const token = await pollToken(t, start.deviceCode);
  expect(token.statusCode, token.body).toBe(200);
  return { cookie: cookieOf(token), screenId: approved.body.id, start };
}
