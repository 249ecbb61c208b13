/**
 * The answer cache's own rules, on the app's real live bus: what a change names drops only the
 * answers about it, and the bytes kept stay within the cache's bound (decision 029).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAnswerCache, JsonBytes } from '../src/live/answer-cache';
import { write } from '../src/db/write';
import { createSchool } from './factories';
import { createTestApp, dialects, type TestApp } from './helper';

describe.each(dialects())('the answer cache on %s', (dialect) => {
  let t: TestApp;
  let schoolId: string;
  let otherSchoolId: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    schoolId = await createSchool(t, 'Cachetun');
    otherSchoolId = await createSchool(t, 'Andretun');
  });
  afterAll(() => t.close());

  /** An answer of about `bytes` bytes that counts how often it was made. */
  const counted = (bytes: number) => {
    let made = 0;
    return {
      make: async () => {
        made += 1;
        return { text: 'x'.repeat(bytes) };
      },
      made: () => made,
    };
  };

  it('keeps an answer when its question comes a second time, so questions asked once push out nothing', async () => {
    // On a topic the other tests' caches do not follow: on PostgreSQL its NOTIFY may come late.
    const cache = createAnswerCache(t.ctx.live, 'test-asked', new Set(['rooms']), { maxBytes: 3500 });
    const popular = counted(1000);
    for (let i = 0; i < 3; i++) await cache.answer(schoolId, 'popular', popular.make);
    // Made on the first asking and on the second, when it was kept; the third found it.
    expect(popular.made()).toBe(2);
    // Twenty questions asked once each, of ~1 KB: kept, any two would have pushed it out.
    for (let i = 0; i < 20; i++) await cache.answer(schoolId, `once-${i}`, counted(1000).make);
    await cache.answer(schoolId, 'popular', popular.make);
    expect(popular.made()).toBe(2);
    // After a change, an answer asked for before is kept again at its next asking.
    await write(t.ctx, schoolId, async (_trx, publish) => publish('rooms', []));
    await cache.answer(schoolId, 'popular', popular.make);
    await cache.answer(schoolId, 'popular', popular.make);
    expect(popular.made()).toBe(3);
    cache.stop();
  });

  it('keeps no more bytes than its bound, letting the least recently used go, of any school', async () => {
    const cache = createAnswerCache(t.ctx.live, 'test-bytes', new Set(['calendar']), { maxBytes: 3500 });
    const answers = Array.from({ length: 4 }, () => counted(1000));
    // Each asked twice: an answer is kept on its second asking.
    const keep = async (school: string, key: string, index: number) => {
      await cache.answer(school, key, answers[index]!.make);
      await cache.answer(school, key, answers[index]!.make);
    };
    await keep(schoolId, 'a', 0);
    await keep(otherSchoolId, 'b', 1);
    await keep(schoolId, 'c', 2);
    // Read again, so it is no longer the least recently used.
    await cache.answer(schoolId, 'a', answers[0]!.make);
    expect(answers[0]!.made()).toBe(2);
    // A fourth of ~1 KB passes 3,500 bytes: the least recently used answer of the school being
    // answered goes first ('b'), and no more than that.
    await keep(otherSchoolId, 'd', 3);
    for (const [key, school, index] of [
      ['a', schoolId, 0],
      ['c', schoolId, 2],
      ['d', otherSchoolId, 3],
    ] as const) {
      await cache.answer(school, key, answers[index]!.make);
    }
    expect(answers.map((answer) => answer.made())).toEqual([2, 2, 2, 2]);
    await cache.answer(otherSchoolId, 'b', answers[1]!.make);
    expect(answers[1]!.made()).toBe(3);
    // Compressed copies count too: asking for one may let another answer go, never break one.
    const kept = await cache.answer(schoolId, 'a', answers[0]!.make);
    expect(kept.encoded('gzip').length).toBeGreaterThan(0);
    cache.stop();
  });

  it('drops, on a topic named by id, only the answers about the ids the change names', async () => {
    const cache = createAnswerCache(t.ctx.live, 'test-by-id', new Set(['attendance', 'calendar']), {
      byId: new Set(['attendance']),
    });
    const one = counted(10);
    const two = counted(10);
    const ask = async () => {
      await cache.answer(schoolId, 'one', one.make, undefined, ['event-1']);
      await cache.answer(schoolId, 'two', two.make, undefined, ['event-2']);
    };
    // Twice: an answer is kept on its second asking.
    await ask();
    await ask();
    await write(t.ctx, schoolId, async (_trx, publish) => publish('attendance', ['event-2']));
    await ask();
    expect([one.made(), two.made()]).toEqual([2, 3]);
    // Naming no ids, or another topic the cache follows, drops everything.
    await write(t.ctx, schoolId, async (_trx, publish) => publish('attendance', []));
    await ask();
    expect([one.made(), two.made()]).toEqual([3, 4]);
    await write(t.ctx, schoolId, async (_trx, publish) => publish('calendar', ['event-1']));
    await ask();
    expect([one.made(), two.made()]).toEqual([4, 5]);
    // Another school's change drops nothing here.
    await write(t.ctx, otherSchoolId, async (_trx, publish) => publish('attendance', []));
    await ask();
    expect([one.made(), two.made()]).toEqual([4, 5]);
    cache.stop();
  });
});

describe('JsonBytes.join', () => {
  it('writes the opening, the items with commas between them and the closing, in UTF-8', () => {
    const entry = (text: string) => [Buffer.from(text.slice(0, 3)), Buffer.from(text.slice(3))];
    const joined = JsonBytes.join('{"navn":["Ærlig",', [entry('"Åse Ødegård"'), entry('"Bjørn"')], ']}');
    expect(joined.bytes.toString('utf8')).toBe('{"navn":["Ærlig","Åse Ødegård","Bjørn"]}');
    expect(JsonBytes.join(Buffer.from('['), [], Buffer.from(']')).bytes.toString()).toBe('[]');
  });
});
