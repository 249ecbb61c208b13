/**
 * Answers kept in memory per school, for reads that are many while changes are few (the
 * calendar, attendance sheets). An answer is kept with the version it was made at: the id of the
 * latest live event on one of the cache's topics that this instance had heard, which doubles as
 * its ETag, so a client that has the answer gets a 304. A live event on one of the topics, on
 * this instance or (through PostgreSQL's NOTIFY) on another, drops the answers it can change:
 * every answer of the school, or, on a topic whose ids name what an answer is about (an event's
 * sheet), only the answers about those ids. The writing instance hears its event at commit, so
 * its next read sees its write. See docs/decisions/009-calendar.md and 029-answer-cache.md.
 */
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { LiveTopic } from '@tun/shared';
import type { LiveBus, LiveEvent } from './bus';

/** Answers kept per school, the least recently used let go; big ones are not kept. */
const ANSWERS_PER_SCHOOL = 200;
const ANSWER_MAX_BYTES = 512 * 1024;
/**
 * Bytes one cache keeps for all schools together (bodies and their compressed copies), so that
 * memory stays bounded however many schools and distinct questions there are: past it, the
 * least recently used answers of the school being answered go first, then other schools'.
 */
const CACHE_MAX_BYTES = 8 * 1024 * 1024;
/**
 * Questions remembered as asked once, per school: an answer is kept only when its question comes
 * a second time. Far more than the answers kept, so that a question asked again within minutes is
 * still known; each is only its key.
 */
const ASKED_ONCE_PER_SCHOOL = 4 * ANSWERS_PER_SCHOOL;
/** Variants whose hash (in the ETag) is remembered: more than the people of a large school. */
const VARIANT_HASHES_KEPT = 10_000;
/** Event ids remembered to tell a repeat: far more than arrive between a commit and its NOTIFY. */
const HEARD_EVENTS_KEPT = 1000;
/** As app.ts compresses answers: above 1 KB, brotli at quality 4 (else gzip). */
const COMPRESS_ABOVE_BYTES = 1024;
const BROTLI_QUALITY = 4;

type Encoding = 'br' | 'gzip';

interface KeptAnswer {
  version: number;
  /** The ids (of the cache's by-id topics) the answer is about; none: it follows every change. */
  about: readonly string[] | undefined;
  body: Buffer;
  /** The body compressed, once per encoding a reader accepted, so a kept answer is compressed once. */
  encoded: Partial<Record<Encoding, Buffer>>;
}

/** An answer being made: a change it follows, heard meanwhile, means it is not kept. */
interface Making {
  about: readonly string[] | undefined;
  changed: boolean;
}

interface SchoolAnswers {
  version: number;
  answers: Map<string, KeptAnswer>;
  making: Set<Making>;
  /** Keys asked once and not kept (yet): see `answer`. */
  askedOnce: Set<string>;
  values: Map<string, { version: number; value: Promise<unknown> }>;
}

export interface AnswerCacheOptions {
  /**
   * Topics whose ids name the records an answer may be about (the attendance topic names events):
   * an event on one of them with ids drops only the answers about one of those ids and those not
   * about any; with no ids it drops all. Every other topic drops all of the school's answers.
   */
  byId?: ReadonlySet<LiveTopic>;
  /** Bytes kept for all schools together; CACHE_MAX_BYTES unless said. */
  maxBytes?: number;
}

export interface Answer {
  etag: string;
  /** The JSON's bytes. */
  body: Buffer;
  /** The body compressed; kept with the answer when the answer is kept. */
  encoded(encoding: Encoding): Buffer;
}

function compress(body: Buffer, encoding: Encoding): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      })
    : gzipSync(body);
}

/**
 * An answer already written as JSON bytes, for `make` to return instead of the value: a route that
 * answers with records other readers share (the events of a kept range) writes and encodes each
 * record once and joins the bytes, instead of copying, writing and encoding them again for every
 * answer (decision 031).
 */
export class JsonBytes {
  constructor(readonly bytes: Buffer) {}

  /**
   * `open`, each item's parts with a comma between items, and `close`, as one answer. Written
   * into one buffer of the length worked out first: turning the texts into buffers of their own
   * and then concatenating made three buffers an answer, and under load each new one of some
   * kilobytes cost more than writing its bytes (decision 031).
   */
  static join(open: string | Buffer, items: Iterable<readonly Buffer[]>, close: string | Buffer): JsonBytes {
    const parts: (string | Buffer)[] = [open];
    let length = byteLength(open);
    for (const item of items) {
      if (parts.length > 1) {
        parts.push(COMMA);
        length += COMMA.length;
      }
      for (const part of item) {
        parts.push(part);
        length += part.length;
      }
    }
    parts.push(close);
    length += byteLength(close);
    const bytes = Buffer.allocUnsafe(length);
    let offset = 0;
    for (const part of parts) {
      offset += typeof part === 'string' ? bytes.write(part, offset) : part.copy(bytes, offset);
    }
    return new JsonBytes(bytes);
  }
}

const COMMA = Buffer.from(',');
const byteLength = (part: string | Buffer) =>
  typeof part === 'string' ? Buffer.byteLength(part) : part.length;

/**
 * Answers that differ between people with the same URL (what each may do with a record, which
 * rows they see) name the variant they are: it is part of the key and of the ETag, so a client
 * never revalidates one person's answer as another's.
 */
export interface AnswerCache {
  /** The ETag of the kept answer for the key, if one is kept and still current. */
  keptEtag(schoolId: string, key: string, variant?: string): string | undefined;
  /**
   * The kept answer for the key when nothing it follows has changed since it was made; otherwise
   * made now (and kept). `about`: the ids, of the cache's by-id topics, the answer is made from.
   */
  answer(
    schoolId: string,
    key: string,
    make: () => Promise<unknown>,
    variant?: string,
    about?: readonly string[],
  ): Promise<Answer>;
  /** A value made from the school's data (not sent as it is), kept and dropped like answers. */
  value<T>(schoolId: string, key: string, make: () => Promise<T>): Promise<T>;
  stop(): void;
}

/** Whether a change naming these ids (none: anything) can change something made about `about`. */
function touches(changed: readonly string[] | undefined, about: readonly string[] | undefined): boolean {
  if (changed === undefined || changed.length === 0 || about === undefined) return true;
  return about.some((id) => changed.includes(id));
}

export function createAnswerCache(
  live: LiveBus,
  name: string,
  topics: ReadonlySet<LiveTopic>,
  options: AnswerCacheOptions = {},
): AnswerCache {
  const schools = new Map<string, SchoolAnswers>();
  const maxBytes = options.maxBytes ?? CACHE_MAX_BYTES;
  let keptBytes = 0;
  const sizeOf = (kept: KeptAnswer) =>
    kept.body.length + (kept.encoded.br?.length ?? 0) + (kept.encoded.gzip?.length ?? 0);
  /** Notes a key as asked: its next answer is kept (see `answer`). */
  const rememberAsked = (school: SchoolAnswers, key: string) => {
    school.askedOnce.add(key);
    if (school.askedOnce.size > ASKED_ONCE_PER_SCHOOL) {
      school.askedOnce.delete(school.askedOnce.values().next().value!);
    }
  };
  const forget = (school: SchoolAnswers, key: string) => {
    const kept = school.answers.get(key);
    if (!kept) return;
    school.answers.delete(key);
    keptBytes -= sizeOf(kept);
    // It was asked for more than once: after a change, its next answer is kept at once.
    rememberAsked(school, key);
  };
  const makeRoom = (first: SchoolAnswers) => {
    for (const school of [first, ...schools.values()]) {
      for (const key of school.answers.keys()) {
        if (keptBytes <= maxBytes) return;
        forget(school, key);
      }
    }
  };
  /** The answer compressed, kept with it (and counted) while it is kept. */
  const encodedOf = (school: SchoolAnswers, key: string, kept: KeptAnswer, encoding: Encoding) => {
    let encoded = kept.encoded[encoding];
    if (encoded) return encoded;
    encoded = compress(kept.body, encoding);
    kept.encoded[encoding] = encoded;
    if (school.answers.get(key) === kept) {
      keptBytes += encoded.length;
      makeRoom(school);
    }
    return encoded;
  };
  const drop = (school: SchoolAnswers, event: LiveEvent) => {
    // Undefined: the change may touch anything the school's answers are made from.
    const changed = options.byId?.has(event.topic) ? event.ids : undefined;
    for (const [key, kept] of school.answers) if (touches(changed, kept.about)) forget(school, key);
    for (const making of school.making) if (touches(changed, making.about)) making.changed = true;
    school.values.clear();
  };
  // On PostgreSQL the writing instance hears its own events at commit and again when the NOTIFY
  // arrives: the second time must not drop what was made from the change in between. (Ids may
  // arrive out of order across instances, so they are remembered, not compared.) Every event is
  // remembered, of any school: a school first asked about after hearing its event at commit
  // starts from that event, not from the bus's count, which moves only with the NOTIFY.
  const heard = new Set<number>();
  let newestHeard = 0;
  const unsubscribe = live.subscribeAll((event) => {
    if (heard.has(event.id)) return;
    heard.add(event.id);
    if (heard.size > HEARD_EVENTS_KEPT) heard.delete(heard.values().next().value!);
    newestHeard = Math.max(newestHeard, event.id);
    const school = schools.get(event.schoolId);
    if (!school || !topics.has(event.topic)) return;
    school.version = Math.max(school.version, event.id);
    drop(school, event);
  });
  const schoolOf = (schoolId: string) => {
    let school = schools.get(schoolId);
    if (!school) {
      // Nothing heard of this school yet: whatever changed before now is in the database.
      school = {
        version: Math.max(live.latestId, newestHeard),
        answers: new Map(),
        making: new Set(),
        askedOnce: new Set(),
        values: new Map(),
      };
      schools.set(schoolId, school);
    }
    return school;
  };
  // The variant is hashed: it may hold a person's id, and an ETag stays short and plain. The
  // variants are few (a role's, a person's) and come with every answer: each is hashed once.
  const variantHashes = new Map<string, string>();
  const hashOf = (variant: string) => {
    let hash = variantHashes.get(variant);
    if (hash === undefined) {
      hash = createHash('sha256').update(variant).digest('base64url').slice(0, 16);
      if (variantHashes.size >= VARIANT_HASHES_KEPT) variantHashes.delete(variantHashes.keys().next().value!);
      variantHashes.set(variant, hash);
    }
    return hash;
  };
  const etagOf = (version: number, variant: string | undefined) =>
    variant === undefined ? `"${name}-${version}"` : `"${name}-${version}-${hashOf(variant)}"`;
  const keyOf = (answerKey: string, variant: string | undefined) =>
    variant === undefined ? answerKey : `${answerKey}|${variant}`;
  return {
    keptEtag(schoolId, answerKey, variant) {
      const kept = schools.get(schoolId)?.answers.get(keyOf(answerKey, variant));
      return kept ? etagOf(kept.version, variant) : undefined;
    },
    async answer(schoolId, answerKey, make, variant, about) {
      const key = keyOf(answerKey, variant);
      const school = schoolOf(schoolId);
      const kept = school.answers.get(key);
      if (kept) {
        school.answers.delete(key);
        school.answers.set(key, kept);
        return {
          etag: etagOf(kept.version, variant),
          body: kept.body,
          encoded: (encoding) => encodedOf(school, key, kept, encoding),
        };
      }
      const version = school.version;
      const making: Making = { about, changed: false };
      school.making.add(making);
      // As bytes, also when not kept: a large answer sent as text went out slower (decision 031).
      let body: Buffer;
      try {
        const value = await make();
        body = value instanceof JsonBytes ? value.bytes : Buffer.from(JSON.stringify(value));
      } finally {
        school.making.delete(making);
      }
      const etag = etagOf(version, variant);
      // Kept when asked for the second time, not the first: a question asked once (a week no one
      // looks at again, a parameter that makes every address new) would push out answers that are
      // asked again, and each such answer, kept just long enough to reach the old generation of
      // the heap, made the collections that paused every request (decision 029, «Kept on the
      // second asking»). Only if nothing it follows changed meanwhile: it may be out of date.
      const askedBefore = school.askedOnce.delete(key);
      if (!askedBefore) rememberAsked(school, key);
      if (askedBefore && !making.changed) {
        if (body.length <= ANSWER_MAX_BYTES) {
          const made: KeptAnswer = { version, about, body, encoded: {} };
          forget(school, key);
          if (school.answers.size >= ANSWERS_PER_SCHOOL) forget(school, school.answers.keys().next().value!);
          school.answers.set(key, made);
          keptBytes += body.length;
          makeRoom(school);
          return { etag, body, encoded: (encoding) => encodedOf(school, key, made, encoding) };
        }
      }
      return { etag, body, encoded: (encoding) => compress(body, encoding) };
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

/** The encoding to send an answer in: brotli if the client takes it, else gzip, else none. */
function chooseEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  const accepted = new Set<string>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const refused = params.some((param) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(param));
    if (name && !refused) accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return undefined;
}

/**
 * Answers a GET from the cache: 304 when the client has the current version, otherwise the kept
 * or newly made JSON, compressed here (and kept compressed) when the client accepts it, so a
 * kept answer costs no compression either. Browsers are told to revalidate every time
 * (`no-cache`).
 */
export async function replyWithAnswer(
  cache: AnswerCache,
  request: FastifyRequest,
  reply: FastifyReply,
  schoolId: string,
  key: string,
  make: () => Promise<unknown>,
  variant?: string,
  about?: readonly string[],
): Promise<FastifyReply> {
  reply.header('cache-control', 'private, no-cache');
  const asked = request.headers['if-none-match'];
  if (asked !== undefined && asked === cache.keptEtag(schoolId, key, variant)) {
    return reply.code(304).header('etag', asked).send();
  }
  const answer = await cache.answer(schoolId, key, make, variant, about);
  // Made anew from unchanged data (a kept answer let go for room): what the client has.
  if (asked === answer.etag) return reply.code(304).header('etag', answer.etag).send();
  return sendAnswer(request, reply.header('etag', answer.etag), answer);
}

/**
 * Sends a kept (or just made) answer's JSON, compressed as the client accepts (the compression
 * is kept with the answer). Fastify sends a Buffer as it is, without serializing it again, and
 * the compression plugin leaves a body that has a Content-Encoding alone.
 */
export function sendAnswer(request: FastifyRequest, reply: FastifyReply, answer: Answer): FastifyReply {
  reply.type('application/json; charset=utf-8');
  const encoding =
    answer.body.length > COMPRESS_ABOVE_BYTES
      ? chooseEncoding(request.headers['accept-encoding'])
      : undefined;
  if (encoding === undefined) return reply.send(answer.body);
  return reply
    .header('content-encoding', encoding)
    .header('vary', 'accept-encoding')
    .send(answer.encoded(encoding));
}
