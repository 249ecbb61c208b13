/**
 * A folk high school's week for a generated school (generate-school.ts): meals, line subjects
 * with each line's own times, electives in the afternoons, evening activities and a Saturday
 * programme; and one-off events around today. The demo and the benchmarks use it; for the
 * large school of PERFORMANCE.md it makes about 120 schedule entries.
 */
import { randomUUID } from 'node:crypto';
import {
  addDays,
  mondayOf,
  NORMAL_WEEK_ID,
  WEEK_DAYS,
  schoolTimeToInstant,
  todayInSchoolZone,
  type EventType,
  type ScheduleEntry,
  type WeekDay,
} from '@tun/shared';
import { nowIso, type Queryable } from '../db/database';
import { replaceEntries } from '../modules/calendar/calendar.repository';
import type { GeneratedSchool } from './generate-school';

type Entry = Omit<ScheduleEntry, 'id' | 'groupsAttending' | 'forClasses' | 'forElectives' | 'roomUsed'> &
  Partial<Pick<ScheduleEntry, 'groupsAttending' | 'forClasses' | 'forElectives' | 'roomUsed'>>;

const WEEKDAYS: WeekDay[] = ['Mo', 'Tu', 'We', 'Th', 'Fr'];

const meal = (name: string, from: string, to: string): Entry => ({
  name,
  from,
  to,
  type: 'dining',
  mandatory: name === 'Frokost',
});

/** Line subjects: each line has two blocks a weekday, at times a little apart from the others'. */
const LINE_BLOCKS: [string, string][][] = [
  [
    ['09:00', '11:30'],
    ['14:30', '16:00'],
  ],
  [
    ['09:15', '11:45'],
    ['14:45', '16:15'],
  ],
  [
    ['08:45', '11:15'],
    ['14:15', '15:45'],
  ],
];

const EVENING: Record<WeekDay, Entry | undefined> = {
  Mo: { name: 'Fotball i hallen', from: '19:30', to: '21:00', type: 'physact', mandatory: false },
  Tu: { name: 'Allmøte', from: '19:00', to: '20:00', type: 'none', mandatory: true },
  We: { name: 'Kveldstur', from: '19:00', to: '20:30', type: 'physact', mandatory: false },
  Th: { name: 'Klatring', from: '19:30', to: '21:30', type: 'physact', mandatory: false },
  Fr: { name: 'Kafékveld', from: '20:00', to: '23:00', type: 'none', mandatory: false },
  Sa: undefined,
  Su: undefined,
};

function buildWeek(school: GeneratedSchool): Record<WeekDay, ScheduleEntry[]> {
  const days: Record<WeekDay, Entry[]> = { Mo: [], Tu: [], We: [], Th: [], Fr: [], Sa: [], Su: [] };
  for (const day of WEEKDAYS) {
    days[day].push(meal('Frokost', '08:00', '08:45'));
    if (day === 'Mo' || day === 'We' || day === 'Fr') {
      days[day].push({ name: 'Morgensamling', from: '08:45', to: '09:00', type: 'none', mandatory: true });
    }
    school.lineIds.forEach((lineId, index) => {
      const blocks = LINE_BLOCKS[index % LINE_BLOCKS.length]!;
      for (const [from, to] of blocks) {
        days[day].push({ name: 'Linjefag', from, to, type: 'class', mandatory: true, forClasses: [lineId] });
      }
    });
    days[day].push(meal('Lunsj', '11:45', '12:30'));
    days[day].push(meal('Middag', '17:00', '17:45'));
    days[day].push(meal('Kveldsmat', '21:00', '21:30'));
    const evening = EVENING[day];
    if (evening) days[day].push(evening);
  }
  // Electives: two afternoon slots Monday to Thursday, the electives spread over them.
  const slots: [WeekDay, string, string][] = [
    ['Mo', '12:45', '14:15'],
    ['Tu', '12:45', '14:15'],
    ['We', '12:45', '14:15'],
    ['Th', '12:45', '14:15'],
  ];
  school.electiveIds.forEach((electiveId, index) => {
    const [day, from, to] = slots[index % slots.length]!;
    days[day].push({
      name: 'Valgfag',
      from,
      to,
      type: 'elective',
      mandatory: true,
      forElectives: [electiveId],
    });
  });
  days.Sa.push(
    meal('Brunsj', '10:00', '11:00'),
    { name: 'Lørdagsprogram', from: '11:00', to: '14:00', type: 'physact', mandatory: true },
    meal('Middag', '17:00', '17:45'),
    { name: 'Lørdagskveld', from: '20:00', to: '23:00', type: 'none', mandatory: false },
  );
  days.Su.push(
    meal('Brunsj', '10:30', '11:30'),
    meal('Middag', '17:00', '17:45'),
    meal('Kveldsmat', '21:00', '21:30'),
  );

  const result = {} as Record<WeekDay, ScheduleEntry[]>;
  for (const day of WEEK_DAYS) {
    result[day] = days[day]
      .map((entry) => ({
        id: randomUUID(),
        groupsAttending: [],
        forClasses: [],
        forElectives: [],
        roomUsed: null,
        ...entry,
      }))
      .sort((a, b) => a.from.localeCompare(b.from));
  }
  return result;
}

const ONE_OFF: [string, EventType, string, string][] = [
  ['Foredrag: Friluftsliv og klima', 'none', '19:00', '20:30'],
  ['Konsert i aulaen', 'none', '20:00', '21:30'],
  ['Temakveld om rus', 'none', '19:00', '20:00'],
  ['Fakkeltog', 'physact', '21:00', '22:00'],
  ['Julebord', 'dining', '18:00', '22:00'],
];

/**
 * The normal week, and one-off events on Wednesday and Thursday evenings from `weeksBack` weeks
 * before today to `weeksAhead` after, in the main rooms.
 */
export async function generateTimetable(
  db: Queryable,
  schoolId: string,
  school: GeneratedSchool,
  options: { weeksBack?: number; weeksAhead?: number; today?: string } = {},
): Promise<void> {
  await replaceEntries(db, schoolId, NORMAL_WEEK_ID, buildWeek(school));
  const today = options.today ?? todayInSchoolZone();
  const monday = mondayOf(today);
  const now = nowIso();
  const rows = [];
  for (let week = -(options.weeksBack ?? 4); week <= (options.weeksAhead ?? 12); week += 1) {
    for (const [offset, index] of [
      [2, week],
      [3, week + 2],
    ] as const) {
      const [name, type, from, to] = ONE_OFF[((index % ONE_OFF.length) + ONE_OFF.length) % ONE_OFF.length]!;
      const date = addDays(monday, week * 7 + offset);
      rows.push({
        school_id: schoolId,
        id: randomUUID(),
        name,
        time_start: new Date(schoolTimeToInstant(date, from)).toISOString(),
        time_end: new Date(schoolTimeToInstant(date, to)).toISOString(),
        type,
        mandatory: 0,
        room_id: school.roomIds[Math.abs(index) % Math.max(school.roomIds.length, 1)] ?? null,
        groups_attending: '[]',
        overrides: null,
        rep_deleted: 0,
        replaces_start: null,
        created_by: school.staffIds[0] ?? null,
        created_at: now,
        updated_at: now,
      });
    }
  }
  for (let i = 0; i < rows.length; i += 100) {
    await db
      .insertInto('calendar_event')
      .values(rows.slice(i, i + 100))
      .execute();
  }
}
