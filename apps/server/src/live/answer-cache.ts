/**
 * Answers kept in memory per school, for reads that are many while changes are few (the
 * calendar, attendance sheets). An answer is kept with the version of the school's data it was
 * made from: the id of the latest live event on one of the cache's topics. Any such event, on
 * this instance or (through PostgreSQL's NOTIFY) on another, moves the version and drops the
 * school's answers; the writing instance hears it at commit, so its next read sees its write.
 * The version doubles as the ETag, so a client that has the answer gets a 304.
 * See docs/decisions/009-calendar.md.
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { LiveTopic } from '@tun/shared';
import type { LiveBus } from './bus';

/** Answers kept per school, the least recently used let go; big ones are not kept. */
const ANSWERS_PER_SCHOOL = 200;
const ANSWER_MAX_BYTES = 512 * 1024;

interface SchoolAnswers {
  version: number;
  answers: Map<string, { version: number; body: Buffer }>;
  values: Map<string, { version: number; value: Promise<unknown> }>;
}

/**
 * Answers that differ between people with the same URL (what each may do with a record, which
 * rows they see) name the variant they are: it is part of the key and of the ETag, so a client
 * never revalidates one person's answer as another's.
 */
export interface AnswerCache {
  /** The ETag an answer for this school (and variant) has now, without making it. */
  etag(schoolId: string, variant?: string): string;
  /** The kept answer for the key when nothing has changed since it was made; otherwise made now (and kept). */
  answer(
    schoolId: string,
    key: string,
    make: () => Promise<unknown>,
    variant?: string,
  ): Promise<{ etag: string; body: Buffer }>;
  /** A value made from the school's data (not sent as it is), kept and dropped like answers. */
  value<T>(schoolId: string, key: string, make: () => Promise<T>): Promise<T>;
  stop(): void;
}

export function createAnswerCache(live: LiveBus, name: string, topics: ReadonlySet<LiveTopic>): AnswerCache {
  const schools = new Map<string, SchoolAnswers>();
  const unsubscribe = live.subscribeAll((event) => {
    const school = schools.get(event.schoolId);
    if (!school || !topics.has(event.topic)) return;
    school.version = Math.max(school.version, event.id);
    school.answers.clear();
    school.values.clear();
  });
  const schoolOf = (schoolId: string) => {
    let school = schools.get(schoolId);
    if (!school) {
      // Nothing heard of this school yet: whatever changed before now is in the database.
      school = { version: live.latestId, answers: new Map(), values: new Map() };
      schools.set(schoolId, school);
    }
    return school;
  };
  // The variant is hashed: it may hold a person's id, and an ETag stays short and plain.
  const etagOf = (version: number, variant: string | undefined) =>
    variant === undefined
      ? `"${name}-${version}"`
      : `"${name}-${version}-${createHash('sha256').update(variant).digest('base64url').slice(0, 16)}"`;
  return {
    etag: (schoolId, variant) => etagOf(schoolOf(schoolId).version, variant),
    async answer(schoolId, answerKey, make, variant) {
      const key = variant === undefined ? answerKey : `${answerKey}|${variant}`;
      const school = schoolOf(schoolId);
      const version = school.version;
      const kept = school.answers.get(key);
      if (kept && kept.version === version) {
        school.answers.delete(key);
        school.answers.set(key, kept);
        return { etag: etagOf(version, variant), body: kept.body };
      }
      // Kept as bytes, so a kept answer is not encoded again for every reader.
      const body = Buffer.from(JSON.stringify(await make()));
      // Only if nothing changed meanwhile: otherwise the answer may already be out of date.
      if (school.version === version && body.length <= ANSWER_MAX_BYTES) {
        if (school.answers.size >= ANSWERS_PER_SCHOOL)
          school.answers.delete(school.answers.keys().next().value!);
        school.answers.set(key, { version, body });
      }
      return { etag: etagOf(version, variant), body };
    },
    value<T>(schoolId: string, key: string, make: () => Promise<T>): Promise<T> {
      const school = schoolOf(schoolId);
      const version = school.version;
      const kept = school.values.get(key);
      if (kept && kept.version === version) return kept.value as Promise<T>;
      // Kept at once, so concurrent readers share one making; a change meanwhile drops it.
      const value = make();
      if (school.values.size >= ANSWERS_PER_SCHOOL) school.values.delete(school.values.keys().next().value!);
      school.values.set(key, { version, value });
      value.catch(() => {
        if (school.values.get(key)?.value === value) school.values.delete(key);
      });
      return value;
    },
    stop: unsubscribe,
  };
}

/**
 * Answers a GET from the cache: 304 when the client has the current version, otherwise the kept
 * or newly made JSON. Browsers are told to revalidate every time (`no-cache`).
 */
export async function replyWithAnswer(
  cache: AnswerCache,
  request: FastifyRequest,
  reply: FastifyReply,
  schoolId: string,
  key: string,
  make: () => Promise<unknown>,
  variant?: string,
): Promise<FastifyReply> {
  reply.header('cache-control', 'private, no-cache');
  const current = cache.etag(schoolId, variant);
  if (request.headers['if-none-match'] === current) return reply.code(304).header('etag', current).send();
  const { etag, body } = await cache.answer(schoolId, key, make, variant);
  // Already JSON bytes: Fastify sends a Buffer as it is, without serializing it again.
  return reply.header('etag', etag).type('application/json; charset=utf-8').send(body);
}
