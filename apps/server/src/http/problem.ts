/**
 * Every error leaves as application/problem+json (RFC 9457) with a stable code and a Norwegian
 * title. Nothing a client can send ends as a 500: validation, bad JSON, too-large bodies and
 * unknown routes all map to their 4xx problem here.
 */
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  fieldErrorOf,
  fieldErrorText,
  PROBLEM_CONTENT_TYPE,
  PROBLEMS,
  type FieldError,
  type Problem,
  type ProblemCode,
} from '@tun/shared';

export class ProblemError extends Error {
  constructor(
    readonly code: ProblemCode,
    readonly detail?: string,
    readonly errors?: Problem['errors'],
  ) {
    super(detail ?? PROBLEMS[code].title);
  }
}

export function problem(code: ProblemCode, detail?: string, errors?: Problem['errors']): Problem {
  const { status, title } = PROBLEMS[code];
  return {
    type: `urn:tun:problem:${code}`,
    title,
    status,
    code,
    ...(detail === undefined ? {} : { detail }),
    ...(errors === undefined
      ? {}
      : { errors: errors.map(({ code, ...error }) => ({ code: code ?? 'invalid', ...error })) }),
  };
}

export function sendProblem(reply: FastifyReply, body: Problem): FastifyReply {
  return reply.code(body.status).type(PROBLEM_CONTENT_TYPE).send(body);
}

/**
 * Fastify's own client errors, mapped to ours, each with a Norwegian detail where the title alone
 * does not say enough. Fastify's (English) message never reaches the client.
 */
const FASTIFY_CLIENT_ERRORS: Record<string, { code: ProblemCode; detail?: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'payload-too-large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: 'unsupported-media-type',
    detail: 'Send innholdet som application/json.',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    code: 'bad-request',
    detail: 'Lengden på innholdet stemmer ikke med Content-Length.',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'invalid-json', detail: 'Innholdet er tomt.' },
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'invalid-json' },
  FST_ERR_BAD_URL: { code: 'bad-url' },
  FST_ERR_INVALID_URL: { code: 'bad-url' },
  FST_ERR_MAX_PARAM_LENGTH: { code: 'uri-too-long', detail: 'En del av adressen er for lang.' },
  FST_ERR_NOT_FOUND: { code: 'not-found' },
  FST_ERR_VALIDATION: { code: 'validation-failed' },
};

/** A 4xx with no code of Fastify's we know, by its status. */
const CLIENT_ERROR_STATUSES: Record<number, ProblemCode> = {
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not-found',
  405: 'method-not-allowed',
  408: 'request-timeout',
  409: 'conflict',
  413: 'payload-too-large',
  414: 'uri-too-long',
  415: 'unsupported-media-type',
  429: 'too-many-attempts',
  431: 'headers-too-large',
};

/** The problem for an error Fastify raised itself; undefined for one that is not the client's. */
function fastifyProblem(error: FastifyError): Problem | undefined {
  const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
  if (known) return problem(known.code, known.detail);
  const status = error.statusCode;
  if (status === undefined || status < 400 || status >= 500) return undefined;
  return problem(CLIENT_ERROR_STATUSES[status] ?? 'bad-request');
}

/** The value a validation issue is about, so that a missing one can be told from a wrong one. */
function valueAt(root: unknown, path: readonly string[]): unknown {
  let value = root;
  for (const key of path) {
    if (typeof value !== 'object' || value === null || !Object.hasOwn(value, key)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

const REQUEST_PARTS = { body: 'body', querystring: 'query', params: 'params', headers: 'headers' } as const;

function validationErrors(
  request: FastifyRequest,
  context: string | undefined,
  issues: { keyword: string; instancePath: string; message?: string; params: Record<string, unknown> }[],
): FieldError[] {
  const part = REQUEST_PARTS[context as keyof typeof REQUEST_PARTS] as keyof FastifyRequest | undefined;
  const data = part ? request[part] : undefined;
  return issues.map((issue) => {
    const keys = issue.instancePath.split('/').filter(Boolean);
    const params = fieldErrorOf({ ...issue.params, code: issue.keyword }, valueAt(data, keys));
    return {
      path: [context, ...keys].filter(Boolean).join('.'),
      ...params,
      message: issue.message ?? fieldErrorText(params) ?? 'Ugyldig verdi.',
    };
  });
}

export function registerProblemHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ProblemError) {
      return sendProblem(reply, problem(error.code, error.detail, error.errors));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = validationErrors(request, error.validationContext, error.validation);
      return sendProblem(reply, problem('validation-failed', undefined, errors));
    }
    const client = fastifyProblem(error);
    if (client) {
      if (!error.code) request.log.info({ err: error }, 'client error without a problem code');
      return sendProblem(reply, client);
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendProblem(reply, problem('internal-error'));
  });
}

/**
 * Fastify's `frameworkErrors`: a bad URL or a too-long parameter is found before routing, where
 * the error handler is not asked.
 */
export function frameworkErrorHandler(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const found = fastifyProblem(error);
  if (!found) request.log.error({ err: error }, 'framework error');
  void sendProblem(reply, found ?? problem('internal-error'));
}

/**
 * Fastify's `clientErrorHandler`: a request Node cannot parse (bad request line, too-large
 * headers, a timeout) never becomes a request, so the answer is written to the socket here.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  // A reset connection has nobody left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const code: ProblemCode =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? 'request-timeout'
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? 'headers-too-large'
        : 'bad-request';
  const body = JSON.stringify(problem(code));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${PROBLEMS[code].status} ${STATUS_CODES[PROBLEMS[code].status]}\r\n` +
        `Content-Type: ${PROBLEM_CONTENT_TYPE}; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Connection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy(error);
}
