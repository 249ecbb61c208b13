import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { PROBLEM_CONTENT_TYPE, PROBLEMS } from '@tun/shared';
import { setupSchool } from './factories';
import { createTestApp, dialects, type TestApp } from './helper';

/** Words of Fastify's and zod's own (English) messages; none may reach a client. */
const ENGLISH =
  /\b(expected|invalid|body|request|must|too big|too small|received|exceeding|valid url|not found|bad request|unsupported|media type|characters|input)\b/i;

interface ProblemBody {
  code: string;
  title: string;
  status: number;
  detail?: string;
  errors?: { path: string; code: string; message: string; [param: string]: unknown }[];
}

/** A problem+json answer with a known code and its Norwegian title, and no English text. */
function expectProblem(response: LightMyRequestResponse, code: keyof typeof PROBLEMS): ProblemBody {
  expect(response.headers['content-type']).toContain(PROBLEM_CONTENT_TYPE);
  const body = response.json<ProblemBody>();
  expect(body).toMatchObject({ code, status: PROBLEMS[code].status, title: PROBLEMS[code].title });
  expect(response.statusCode).toBe(PROBLEMS[code].status);
  const texts = [body.title, body.detail ?? '', ...(body.errors ?? []).map((error) => error.message)];
  expect(texts.filter((text) => ENGLISH.test(text))).toEqual([]);
  for (const error of body.errors ?? []) expect(error.code).toMatch(/^[a-z-]+$/);
  return body;
}

describe.each(dialects())('problem answers on %s', (dialect) => {
  let t: TestApp;
  let adminCookie: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    ({ adminCookie } = await setupSchool(t));
  });
  afterAll(() => t.close());

  const json = { 'content-type': 'application/json' };

  it('answers malformed and empty JSON with invalid-json', async () => {
    expectProblem(
      await t.request({ method: 'POST', url: '/api/v1/login', headers: json, payload: '{"email": ' }),
      'invalid-json',
    );
    const empty = expectProblem(
      await t.request({ method: 'POST', url: '/api/v1/login', headers: json, payload: '' }),
      'invalid-json',
    );
    expect(empty.detail).toBe('Innholdet er tomt.');
  });

  it('answers a body over the limit with payload-too-large', async () => {
    const payload = JSON.stringify({ email: 'a@b.no', password: 'x'.repeat(1024 * 1024) });
    expectProblem(
      await t.request({ method: 'POST', url: '/api/v1/login', headers: json, payload }),
      'payload-too-large',
    );
  });

  it('answers a body that is not JSON with unsupported-media-type', async () => {
    expectProblem(
      await t.request({
        method: 'POST',
        url: '/api/v1/login',
        headers: { 'content-type': 'text/plain' },
        payload: 'email=a@b.no',
      }),
      'unsupported-media-type',
    );
    expectProblem(
      await t.request({
        method: 'POST',
        url: '/api/v1/login',
        headers: { 'content-type': 'application/xml' },
        payload: '<login/>',
      }),
      'unsupported-media-type',
    );
  });

  it('gives every field error a code, its bounds and a Norwegian message', async () => {
    const school = expectProblem(
      await t.request({
        method: 'PATCH',
        url: '/api/v1/school',
        cookie: adminCookie,
        payload: { position: { lat: 95, lon: 10 } },
      }),
      'validation-failed',
    );
    expect(school.errors).toEqual([
      {
        path: 'body.position.lat',
        code: 'too-big',
        maximum: 90,
        origin: 'number',
        message: 'Må være høyst 90.',
      },
    ]);

    const login = expectProblem(
      await t.request({ method: 'POST', url: '/api/v1/login', payload: { email: 'ikke-en-epost' } }),
      'validation-failed',
    );
    expect(login.errors).toEqual(
      expect.arrayContaining([
        { path: 'body.email', code: 'invalid-email', message: 'Ugyldig e-postadresse.' },
        { path: 'body.password', code: 'required', message: 'Feltet må fylles ut.' },
      ]),
    );
  });

  it('keeps a schema’s own Norwegian message beside the code', async () => {
    const response = await t.request({
      method: 'PATCH',
      url: '/api/v1/school',
      cookie: adminCookie,
      payload: { supervisionPhone: 'ring meg' },
    });
    const body = expectProblem(response, 'validation-failed');
    expect(body.errors).toEqual([
      expect.objectContaining({
        path: 'body.supervisionPhone',
        code: 'invalid-format',
        format: 'regex',
        message: 'Ugyldig telefonnummer',
      }),
    ]);
  });

  it('answers a too-long path parameter with uri-too-long and a bad URL with bad-url', async () => {
    const long = expectProblem(
      await t.request({ method: 'DELETE', url: `/api/v1/rooms/${'a'.repeat(201)}`, cookie: adminCookie }),
      'validation-failed',
    );
    expect(long.errors).toEqual([
      {
        path: 'params.id',
        code: 'too-big',
        maximum: 200,
        origin: 'string',
        message: 'Kan være høyst 200 tegn.',
      },
    ]);
    const tooLong = `/api/v1/attendance/events/${'a'.repeat(301)}`;
    expectProblem(
      await t.request({ method: 'PUT', url: tooLong, cookie: adminCookie, payload: { records: [] } }),
      'uri-too-long',
    );
    // A GET the router cannot match falls through to the web app's catch-all, which has no such page.
    expectProblem(await t.request({ method: 'GET', url: tooLong, cookie: adminCookie }), 'not-found');
    for (const method of ['GET', 'DELETE'] as const) {
      expectProblem(
        await t.request({ method, url: '/api/v1/rooms/%E0%A4%A', cookie: adminCookie }),
        'bad-url',
      );
    }
  });

  it('refuses a NUL character in a path, a query or a body, which PostgreSQL cannot store', async () => {
    const before = (await t.request({ method: 'GET', url: '/api/v1/rooms', cookie: adminCookie })).json<
      unknown[]
    >();
    for (const request of [
      { method: 'GET' as const, url: '/api/v1/rooms/ab%00cd' },
      { method: 'GET' as const, url: '/api/v1/people?line=ab%00cd' },
      { method: 'POST' as const, url: '/api/v1/rooms', headers: json, payload: '{"name":"Rom\\u0000"}' },
      { method: 'POST' as const, url: '/api/v1/rooms', headers: json, payload: '{"name":"Rom","\\u0000":1}' },
    ]) {
      expectProblem(await t.request({ ...request, cookie: adminCookie }), 'invalid-characters');
    }
    expect((await t.request({ method: 'GET', url: '/api/v1/rooms', cookie: adminCookie })).json()).toEqual(
      before,
    );
  });

  it('answers an unknown API route with not-found, whatever the method', async () => {
    expectProblem(await t.request({ method: 'GET', url: '/api/v1/finnes-ikke' }), 'not-found');
    expectProblem(
      await t.request({ method: 'DELETE', url: '/api/v1/health', headers: json, payload: '{}' }),
      'not-found',
    );
  });

  it('answers a request Node cannot parse with a problem document on the socket', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => socket.write('NOT HTTP AT ALL\r\n\r\n'));
      const chunks: Buffer[] = [];
      socket.on('data', (chunk: Buffer) => chunks.push(chunk));
      socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
      socket.on('error', reject);
    });
    const [head, body] = raw.split('\r\n\r\n') as [string, string];
    expect(head).toMatch(/^HTTP\/1\.1 400 /);
    expect(head.toLowerCase()).toContain(`content-type: ${PROBLEM_CONTENT_TYPE}`);
    expect(JSON.parse(body)).toMatchObject({ code: 'bad-request', title: PROBLEMS['bad-request'].title });
  });
});
