/**
 * Every error leaves as application/problem+json (RFC 9457) with a stable code and a Norwegian
 * title. Nothing a client can send ends as a 500: validation, bad JSON, too-large bodies and
 * unknown routes all map to their 4xx problem here.
 */
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { PROBLEM_CONTENT_TYPE, PROBLEMS, type Problem, type ProblemCode } from '@tun/shared';

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
    ...(errors === undefined ? {} : { errors }),
  };
}

export function sendProblem(reply: FastifyReply, body: Problem): FastifyReply {
  return reply.code(body.status).type(PROBLEM_CONTENT_TYPE).send(body);
}

/** Fastify's own client-error codes, mapped to ours. */
const FASTIFY_CLIENT_ERRORS: Record<string, ProblemCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload-too-large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported-media-type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'validation-failed',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'validation-failed',
  FST_ERR_CTP_INVALID_JSON_BODY: 'validation-failed',
  FST_ERR_VALIDATION: 'validation-failed',
};

export function registerProblemHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ProblemError) {
      return sendProblem(reply, problem(error.code, error.detail, error.errors));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((issue) => ({
        path: [error.validationContext, ...issue.instancePath.split('/').filter(Boolean)].join('.'),
        message: issue.message ?? 'Ugyldig verdi',
      }));
      return sendProblem(reply, problem('validation-failed', undefined, errors));
    }
    const mapped = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
    if (mapped) return sendProblem(reply, problem(mapped, error.message));
    if (error.statusCode === 429) return sendProblem(reply, problem('too-many-attempts'));
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.info({ err: error }, 'client error without a problem code');
      return sendProblem(reply, problem('validation-failed', error.message));
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendProblem(reply, problem('internal-error'));
  });
}
