/**
 * Posts for the large school of PERFORMANCE.md, and the figure of publishing one to everybody.
 *
 * `generatePosts` writes 5,000 posts of the last 40 weeks straight into the benchmark's database,
 * in generate.ts's transaction, the same for the same seed: about 45 % to the whole school, 10 %
 * to staff, 35 % to one line and 10 % to an elective or the 60-student group; three pinned, some
 * asking for a read confirmation, every one notified long ago. The student the feed is measured
 * for has opened about half of what they may see, so the feed's read marks are real rows.
 *
 * `measurePublish` times a post to the whole school from the admin's POST to the moment the
 * job has told everybody (the post's `notified_at`), and checks that the fan-out wrote what it
 * should: one notification per person reached, and one e-mail per person with an address.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { openDatabase, type Queryable } from '../apps/server/src/db/database';
import type { PostAudienceTable, PostReadTable, PostTable } from '../apps/server/src/db/schema';
import { newToken, type MailSink } from './mail-sink';
import type { BenchContext } from './scenarios';

const DAY_MS = 24 * 60 * 60 * 1000;
const WEEKS = 40;
const POST_COUNT = 5000;
/** Rows per insert: 500 posts of 17 columns stay far below SQLite's and PostgreSQL's parameter limits. */
const CHUNK = 500;

/** mulberry32, as the other generators: the same seed gives the same posts. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  return { next, pick };
}

const TITLES = {
  school: [
    'Husmøte i salen torsdag',
    'Endret middagstid i morgen',
    'Brannøvelse denne uka',
    'Vaskeliste for fellesarealene',
    'Kveldsaktivitet: quiz i peisestua',
    'Tur til byen lørdag',
    'Husk å melde fravær før første time',
    'Nytt fra kjøkkenet',
    'Bussavganger i helga',
    'Konsert i salen fredag',
    'Stengt vaskerom på mandag',
    'Foredrag om bærekraft',
    'Valg av elevråd',
    'Hyttetur med hele skolen',
    'Trådløst nett nede i kveld',
    'Fotballkamp: elever mot ansatte',
  ],
  staff: [
    'Personalmøte torsdag kl. 15',
    'Vaktliste for helgene',
    'Kveldsvakt: bytte av vakter',
    'Planleggingsdag før turuka',
    'Rutiner for fraværsføring',
    'Elevsamtaler neste uke',
    'Førstehjelpskurs for ansatte',
  ],
  line: [
    'Linjetur neste uke',
    'Utstyr til mandag',
    'Oppmøte ved naustet',
    'Endret timeplan for linja',
    'Frist for prosjektet',
    'Gjesteforeleser på onsdag',
    'Bilder fra turen',
  ],
  elective: ['Valgfaget flyttes', 'Ta med utstyr', 'Ingen økt i dag', 'Ekstra økt før helga', 'Nytt rom'],
  group: ['Prosjektgruppa møtes', 'Frist for innlevering', 'Presentasjon fredag'],
};

const SENTENCES = [
  'Vi møtes i salen kl. 09.00, og det er oppmøte for alle.',
  'Ta med deg godt humør og varme klær.',
  'Har du spørsmål, ta kontakt med kontoret i åpningstiden.',
  'Husk å sjekke timeplanen i Tun før du går.',
  'Kjøkkenet lager matpakker til dem som skal på tur.',
  'Den som kommer for sent, må melde fra til kontaktlæreren.',
  'Det blir servert kaffe og kake etterpå.',
  'Meld deg på innen fredag, så vet vi hvor mange vi blir.',
  'Bussen går fra hovedinngangen og er tilbake til middag.',
  'Vi trenger noen frivillige til å rydde etterpå.',
  'Alle må ha med seg gyldig legitimasjon.',
  'Rommet er låst etter kl. 22.00, så hent tingene dine før det.',
  'Gi beskjed til kjøkkenet om allergier senest dagen før.',
  'Vi gleder oss til å se dere der!',
];

export interface PostTargets {
  studentIds: readonly string[];
  staffIds: readonly string[];
  lineIds: readonly string[];
  electiveIds: readonly string[];
  /** The temporary group of 60 students. */
  groupId: string;
}

export interface GeneratedPosts {
  posts: number;
  /** The student whose feed is measured: they have read about half of what they may see. */
  feedStudentId: string;
  /** Of the posts, how many that student may see, and how many they have read. */
  visibleToStudent: number;
  readByStudent: number;
}

async function insertChunks<T>(rows: readonly T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let start = 0; start < rows.length; start += CHUNK) await insert(rows.slice(start, start + CHUNK));
}

/** A body as the editor's sanitized output: paragraphs of plain text, now and then a bold word. */
function bodyOf(rng: ReturnType<typeof random>): { html: string; text: string } {
  const paragraphs = Array.from({ length: 1 + Math.floor(rng.next() * 3) }, () =>
    Array.from({ length: 1 + Math.floor(rng.next() * 3) }, () => rng.pick(SENTENCES)).join(' '),
  );
  const html = paragraphs
    .map((text, index) =>
      index === 0 && rng.next() < 0.3 ? `<p><strong>Viktig:</strong> ${text}</p>` : `<p>${text}</p>`,
    )
    .join('');
  const text = html.startsWith('<p><strong>Viktig:')
    ? `Viktig: ${paragraphs.join(' ')}`
    : paragraphs.join(' ');
  return { html, text };
}

export async function generatePosts(
  trx: Queryable,
  schoolId: string,
  targets: PostTargets,
  seed = 1,
): Promise<GeneratedPosts> {
  const rng = random(seed * 7919 + 13);
  const now = Date.now();
  const nowIso = new Date(now).toISOString();
  const earliest = now - WEEKS * 7 * DAY_MS;
  // Teachers and the office write most; anyone on the staff may.
  const authors = targets.staffIds;

  const posts: PostTable[] = [];
  const audience: PostAudienceTable[] = [];
  for (let index = 0; index < POST_COUNT; index += 1) {
    const roll = rng.next();
    const kind: 'school' | 'staff' | 'line' | 'elective' | 'group' =
      roll < 0.45
        ? 'school'
        : roll < 0.55
          ? 'staff'
          : roll < 0.9
            ? 'line'
            : roll < 0.96
              ? 'elective'
              : 'group';
    const id = randomUUID();
    // Spread over the 40 weeks, the newest at least an hour old: all of them published and told.
    const publishedMs = earliest + Math.floor(rng.next() * (now - earliest - 3_600_000));
    const publishAt = new Date(publishedMs).toISOString();
    const title = rng.pick(TITLES[kind]);
    const body = bodyOf(rng);
    // Notices about an event leave the feed a few weeks later.
    const expires = rng.next() < 0.08 ? publishedMs + (7 + Math.floor(rng.next() * 21)) * DAY_MS : null;
    posts.push({
      id,
      school_id: schoolId,
      author_id: rng.pick(authors),
      title,
      body: body.html,
      search_text: `${title} ${body.text}`.toLowerCase().replace(/\s+/g, ' ').trim(),
      audience_kind: kind === 'school' || kind === 'staff' ? kind : 'selected',
      publish_at: publishAt,
      expires_at: expires === null ? null : new Date(expires).toISOString(),
      pinned: 0,
      show_on_info_screen: kind === 'school' && rng.next() < 0.2 ? 1 : 0,
      require_read_confirmation: rng.next() < 0.06 ? 1 : 0,
      notified_at: new Date(publishedMs + 2000).toISOString(),
      created_at: publishAt,
      updated_at: publishAt,
    });
    if (kind === 'line') audience.push({ post_id: id, kind: 'line', target_id: rng.pick(targets.lineIds) });
    else if (kind === 'elective') {
      audience.push({ post_id: id, kind: 'elective', target_id: rng.pick(targets.electiveIds) });
    } else if (kind === 'group') audience.push({ post_id: id, kind: 'group', target_id: targets.groupId });
  }
  // Pinned since the start of the year: the three oldest to the whole school (house rules and the like).
  const oldestToSchool = posts
    .filter((post) => post.audience_kind === 'school' && post.expires_at === null)
    .sort((a, b) => a.publish_at.localeCompare(b.publish_at))
    .slice(0, 3);
  for (const post of oldestToSchool) {
    post.pinned = 1;
    post.require_read_confirmation = 1;
  }

  await insertChunks(posts, (chunk) => trx.insertInto('post').values(chunk).execute());
  await insertChunks(audience, (chunk) => trx.insertInto('post_audience').values(chunk).execute());

  // The measured student: the first one, who is also in the 60-student group.
  const feedStudentId = targets.studentIds[0]!;
  const memberships = await trx
    .selectFrom('line_member')
    .select('line_id as id')
    .where('school_id', '=', schoolId)
    .where('person_id', '=', feedStudentId)
    .unionAll(
      trx
        .selectFrom('elective_member')
        .select('elective_id as id')
        .where('school_id', '=', schoolId)
        .where('person_id', '=', feedStudentId),
    )
    .unionAll(
      trx
        .selectFrom('temp_group_member')
        .select('group_id as id')
        .where('school_id', '=', schoolId)
        .where('person_id', '=', feedStudentId),
    )
    .execute();
  const theirs = new Set(memberships.map((row) => row.id));
  const targetOf = new Map(audience.map((row) => [row.post_id, row.target_id]));
  const visible = posts.filter(
    (post) =>
      post.publish_at <= nowIso &&
      (post.expires_at === null || post.expires_at > nowIso) &&
      (post.audience_kind === 'school' ||
        (post.audience_kind === 'selected' && theirs.has(targetOf.get(post.id) ?? ''))),
  );
  const reads: PostReadTable[] = [];
  for (const post of visible) {
    if (rng.next() >= 0.5) continue;
    const readMs = Math.min(now, Date.parse(post.publish_at) + Math.floor(rng.next() * 2 * DAY_MS));
    const readAt = new Date(readMs).toISOString();
    reads.push({
      post_id: post.id,
      person_id: feedStudentId,
      read_at: readAt,
      confirmed_at: post.require_read_confirmation === 1 ? readAt : null,
    });
  }
  await insertChunks(reads, (chunk) => trx.insertInto('post_read').values(chunk).execute());

  return {
    posts: posts.length,
    feedStudentId,
    visibleToStudent: visible.length,
    readByStudent: reads.length,
  };
}

// ── Publishing to everybody ──────────────────────────────────────────────────────────────────

/** Rounds measured after one uncounted round; the median is reported. */
const PUBLISH_ROUNDS = 5;
/** How often the database is asked whether the audience has been told. */
const POLL_MS = 5;
/** The longest a round may take to tell everybody, or to deliver every e-mail. */
const ROUND_TIMEOUT_MS = 60_000;

export interface PublishRound {
  postId: string;
  /** From the POST to its answer (the post is stored, its job queued). */
  answerMs: number;
  /** From the POST to `notified_at` set: every notification row and e-mail job written. */
  notifiedMs: number;
  /** From the POST to the last e-mail received by the SMTP sink. */
  deliveredMs: number;
  notifications: number;
  emails: number;
}

export interface PublishMeasurement {
  rounds: PublishRound[];
  /** Whom a post to the whole school reaches: current people but the author and info screens. */
  audience: number;
  /** Of them, those with an e-mail address and e-mail about posts on. */
  withEmail: number;
  medianNotifiedMs: number;
  medianAnswerMs: number;
  medianDeliveredMs: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * The people a post from `authorId` to the whole school should reach, and how many of them should
 * get it by e-mail (posts are e-mailed by default; a stored choice may say otherwise). Counted
 * here independently of the server's code, so that the check means something.
 */
async function expectedRecipients(db: Queryable, schoolId: string, authorId: string) {
  const row = await db
    .selectFrom('person')
    .leftJoin('notification_preference as pref', (join) =>
      join.onRef('pref.person_id', '=', 'person.id').on('pref.category', '=', 'posts'),
    )
    .select((eb) => [
      eb.fn.countAll<number | string | bigint>().as('audience'),
      eb.fn
        .count<number | string | bigint>(
          sql`case when person.email is not null and person.email <> '' and coalesce(pref.email, 1) = 1 then 1 end`,
        )
        .as('withEmail'),
    ])
    .where('person.school_id', '=', schoolId)
    .where('person.left_on', 'is', null)
    .where('person.erased_at', 'is', null)
    .where('person.id', '!=', authorId)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('person_role')
            .select('person_role.person_id')
            .whereRef('person_role.person_id', '=', 'person.id')
            .where('person_role.role', '=', 'tv'),
        ),
      ),
    )
    .executeTakeFirstOrThrow();
  return { audience: Number(row.audience), withEmail: Number(row.withEmail) };
}

async function failure(what: string, response: Response): Promise<Error> {
  return new Error(`${what} answered ${response.status}: ${(await response.text()).slice(0, 500)}`);
}

async function publishRound(
  ctx: BenchContext,
  db: Queryable,
  mail: MailSink,
  round: number,
  withEmail: number,
): Promise<PublishRound> {
  // Only the e-mails of the round count: its title carries a token of its own.
  const token = newToken();
  const title = `Beskjed til alle ${round} ${token}`;
  const started = performance.now();
  const response = await fetch(`${ctx.baseUrl}/api/v1/posts`, {
    method: 'POST',
    headers: { cookie: ctx.dataset.admin.cookie, 'content-type': 'application/json' },
    body: JSON.stringify({
      title,
      body: '<p>Fellessamling i salen i morgen kl. 09.00. Alle møter.</p>',
      audience: { kind: 'school' },
    }),
  });
  if (response.status !== 201) throw await failure('POST /api/v1/posts', response);
  const answerMs = performance.now() - started;
  const { id: postId } = (await response.json()) as { id: string };

  let notifiedMs: number | undefined;
  while (notifiedMs === undefined) {
    const row = await db.selectFrom('post').select('notified_at').where('id', '=', postId).executeTakeFirst();
    if (row?.notified_at) notifiedMs = performance.now() - started;
    else if (performance.now() - started > ROUND_TIMEOUT_MS) {
      throw new Error(`post ${postId}: its audience was not told within ${ROUND_TIMEOUT_MS / 1000} s`);
    } else await sleep(POLL_MS);
  }
  const counted = await db
    .selectFrom('notification')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('count'))
    .where('source', '=', `post:${postId}`)
    .executeTakeFirstOrThrow();
  // The next round starts once this one's e-mails are out, so that it does not compete with them.
  const emails = await mail.waitForCount(token, withEmail, ROUND_TIMEOUT_MS);
  return {
    postId,
    answerMs,
    notifiedMs,
    deliveredMs: performance.now() - started,
    notifications: Number(counted.count),
    emails,
  };
}

/**
 * One uncounted round, then PUBLISH_ROUNDS measured ones, each a new post from the admin to the
 * whole school. Throws when a round's counts differ from what the audience says they should be.
 */
export async function measurePublish(ctx: BenchContext, mail: MailSink): Promise<PublishMeasurement> {
  const { database } = ctx;
  const opened = openDatabase(
    database.dialect === 'postgres'
      ? { databaseUrl: database.location, dataDir: '' }
      : { dataDir: database.location },
  );
  try {
    const { audience, withEmail } = await expectedRecipients(
      opened.db,
      ctx.dataset.schoolId,
      ctx.dataset.admin.personId,
    );
    const rounds: PublishRound[] = [];
    for (let round = 0; round <= PUBLISH_ROUNDS; round += 1) {
      const result = await publishRound(ctx, opened.db, mail, round, withEmail);
      if (result.notifications !== audience || result.emails !== withEmail) {
        throw new Error(
          `post ${result.postId}: ${result.notifications} notifications for an audience of ${audience}, ` +
            `${result.emails} e-mails for ${withEmail} people with an address`,
        );
      }
      if (round > 0) rounds.push(result);
    }
    return {
      rounds,
      audience,
      withEmail,
      medianNotifiedMs: median(rounds.map((round) => round.notifiedMs)),
      medianAnswerMs: median(rounds.map((round) => round.answerMs)),
      medianDeliveredMs: median(rounds.map((round) => round.deliveredMs)),
    };
  } finally {
    await opened.close();
  }
}
