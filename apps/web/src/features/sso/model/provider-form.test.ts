import type { SsoKind, SsoProvider } from '@tun/shared/sso';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveSsoProvider } from '../api/sso';
import {
  providerChangesOf,
  providerCreateOf,
  providerFieldOf,
  providerFormProblems,
  providerValuesOf,
  withKind,
} from './provider-form';

const defaultName = (kind: SsoKind) =>
  ({ entra: 'Microsoft', google: 'Google', feide: 'Feide', oidc: '' })[kind];

const entra: SsoProvider = {
  id: 'p1',
  kind: 'entra',
  name: 'Microsoft',
  issuer: 'https://login.microsoftonline.com/solbakken.no/v2.0',
  clientId: 'client-1',
  domain: null,
  matchByEmail: true,
  matchByFeideId: false,
  linkedPeople: 12,
  createdAt: '2026-08-01T08:00:00Z',
};

afterEach(() => vi.unstubAllGlobals());

describe('the provider form', () => {
  it('makes the Entra issuer from the tenant and sends the new provider', async () => {
    const fetchMock = vi.fn(
      async (_url: string, _init?: RequestInit) =>
        new Response(JSON.stringify(entra), { status: 201, headers: { 'content-type': 'application/json' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const values = {
      ...providerValuesOf(undefined, defaultName),
      tenant: ' solbakken.no ',
      clientId: 'client-1',
      clientSecret: 'hemmelig ',
    };
    expect(providerFormProblems(values, { editing: false })).toEqual({});

    await saveSsoProvider({ id: null, body: providerCreateOf(values) });

    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/v1/sso/providers');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({
      kind: 'entra',
      name: 'Microsoft',
      issuer: 'https://login.microsoftonline.com/solbakken.no/v2.0',
      clientId: 'client-1',
      clientSecret: 'hemmelig',
      domain: null,
      matchByEmail: true,
      matchByFeideId: false,
    });
  });

  it('asks for a tenant Entra accepts, and a secret for a new provider', () => {
    const values = { ...providerValuesOf(undefined, defaultName), tenant: 'skole/../x', clientId: '' };
    expect(providerFormProblems(values, { editing: false })).toEqual({
      tenant: 'tenantInvalid',
      clientId: 'required',
      clientSecret: 'required',
    });
  });

  it('gives Google, Feide and others their own issuer and fields', () => {
    const google = withKind(providerValuesOf(undefined, defaultName), 'google', defaultName);
    expect(providerCreateOf({ ...google, domain: 'Solbakken.no', tenant: 'ignored' })).toMatchObject({
      name: 'Google',
      issuer: 'https://accounts.google.com',
      domain: 'solbakken.no',
    });
    const feide = withKind(google, 'feide', defaultName);
    expect(providerCreateOf({ ...feide, domain: 'solbakken.no' })).toMatchObject({
      name: 'Feide',
      issuer: 'https://auth.dataporten.no',
      domain: null,
      matchByEmail: false,
      matchByFeideId: true,
    });
    const other = withKind({ ...feide, name: 'Skolens innlogging' }, 'oidc', defaultName);
    expect(other.name).toBe('Skolens innlogging');
    expect(providerFormProblems({ ...other, issuer: 'http://idp.example.com' }, { editing: true })).toEqual({
      issuer: 'issuerInvalid',
      clientId: 'required',
    });
  });

  it('sends only what changed, and keeps the secret when it is left empty', () => {
    const values = providerValuesOf(entra, defaultName);
    expect(values).toMatchObject({ tenant: 'solbakken.no', clientSecret: '' });
    expect(providerFormProblems(values, { editing: true })).toEqual({});
    expect(providerChangesOf(entra, { ...values, name: 'Skolekonto' })).toEqual({ name: 'Skolekonto' });
    expect(providerChangesOf(entra, { ...values, tenant: 'fjellheim.no', clientSecret: 'ny' })).toEqual({
      issuer: 'https://login.microsoftonline.com/fjellheim.no/v2.0',
      clientSecret: 'ny',
    });
  });

  it('puts a server error on the field that made it', () => {
    expect(providerFieldOf('entra')(['issuer'])).toBe('tenant');
    expect(providerFieldOf('oidc')(['issuer'])).toBe('issuer');
    expect(providerFieldOf('feide')(['issuer'])).toBe('kind');
    expect(providerFieldOf('google')(['domain'])).toBe('domain');
    expect(providerFieldOf('entra')(['clientSecret'])).toBe('clientSecret');
    expect(providerFieldOf('entra')(['unknown'])).toBeUndefined();
  });
});
