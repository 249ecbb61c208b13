import type { SsoSignInOption } from '@tun/shared/sso';
import { describe, expect, it } from 'vitest';
import { ssoButtons } from './sso-buttons';

const microsoft: SsoSignInOption = { id: 'p1', kind: 'entra', name: 'Microsoft', school: 'Solbakken' };
const feide: SsoSignInOption = { id: 'p2', kind: 'feide', name: 'Feide', school: 'Solbakken' };

describe('ssoButtons', () => {
  it('links each provider to where its sign-in starts', () => {
    expect(ssoButtons([microsoft, feide])).toEqual([
      { id: 'p1', kind: 'entra', name: 'Microsoft', href: '/api/v1/login/sso/p1', school: null },
      { id: 'p2', kind: 'feide', name: 'Feide', href: '/api/v1/login/sso/p2', school: null },
    ]);
  });

  it('names the school only when the buttons are for more than one', () => {
    const other = { ...microsoft, id: 'p3', school: 'Fjellheim' };
    expect(ssoButtons([microsoft, other]).map((button) => button.school)).toEqual(['Solbakken', 'Fjellheim']);
  });

  it('carries the page asked for, for the server to open after the sign-in', () => {
    expect(ssoButtons([microsoft], '/app/rooms?tab=tags')[0]?.href).toBe(
      '/api/v1/login/sso/p1?redirect=%2Fapp%2Frooms%3Ftab%3Dtags',
    );
  });

  it('has no buttons without providers', () => {
    expect(ssoButtons([])).toEqual([]);
  });
});
