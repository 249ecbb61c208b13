/**
 * A made-up school of any size, the same for the same seed: rooms, lines with teachers and
 * members, electives with members, staff and students with realistic Norwegian names. The demo
 * uses it for a small school; the benchmarks for the large school of PERFORMANCE.md. It
 * writes straight through Kysely in batches, in the caller's transaction.
 */
import { randomUUID } from 'node:crypto';
import { COLOR_THEMES, type Role } from '@tun/shared';
import { nowIso, type Queryable } from '../db/database';

export interface SchoolSize {
  students: number;
  staff: number;
  rooms: number;
  lines: number;
  electives: number;
}

export const DEMO_SIZE: SchoolSize = { students: 120, staff: 12, rooms: 14, lines: 6, electives: 8 };
export const LARGE_SIZE: SchoolSize = { students: 400, staff: 40, rooms: 60, lines: 12, electives: 30 };

const FIRST_NAMES = [
  'Emma',
  'Nora',
  'Olivia',
  'Ella',
  'Sofie',
  'Leah',
  'Frida',
  'Ingrid',
  'Sara',
  'Maja',
  'Astrid',
  'Hedda',
  'Selma',
  'Tiril',
  'Ida',
  'Thea',
  'Mathilde',
  'Vilde',
  'Sigrid',
  'Jenny',
  'Aurora',
  'Amalie',
  'Eline',
  'Julie',
  'Kaja',
  'Linnea',
  'Marte',
  'Silje',
  'Synne',
  'Tuva',
  'Hanna',
  'Jakob',
  'Emil',
  'Noah',
  'Oliver',
  'Filip',
  'William',
  'Lucas',
  'Henrik',
  'Aksel',
  'Magnus',
  'Isak',
  'Elias',
  'Johannes',
  'Sander',
  'Tobias',
  'Kasper',
  'Mathias',
  'Sebastian',
  'Ola',
  'Even',
  'Sindre',
  'Eirik',
  'Håkon',
  'Sivert',
  'Torbjørn',
  'Vetle',
  'Ådne',
  'Øyvind',
  'Jonas',
  'Mikkel',
  'Peder',
];
const MIDDLE_NAMES = ['Marie', 'Sofie', 'Elise', 'Kristine', 'Andreas', 'Johan', 'Emil', 'Olav', 'Louise'];
const LAST_NAMES = [
  'Hansen',
  'Johansen',
  'Olsen',
  'Larsen',
  'Andersen',
  'Pedersen',
  'Nilsen',
  'Kristiansen',
  'Jensen',
  'Karlsen',
  'Johnsen',
  'Pettersen',
  'Eriksen',
  'Berg',
  'Haugen',
  'Hagen',
  'Johannessen',
  'Andreassen',
  'Jacobsen',
  'Dahl',
  'Jørgensen',
  'Halvorsen',
  'Henriksen',
  'Lund',
  'Sørensen',
  'Jakobsen',
  'Moen',
  'Gundersen',
  'Iversen',
  'Strand',
  'Solberg',
  'Svendsen',
  'Eide',
  'Knutsen',
  'Martinsen',
  'Paulsen',
  'Bakken',
  'Kristoffersen',
  'Mathisen',
  'Lie',
  'Amundsen',
  'Nguyen',
  'Rasmussen',
  'Ali',
  'Lunde',
  'Solheim',
  'Berge',
  'Moe',
  'Nygård',
  'Bakke',
  'Kristensen',
  'Fredriksen',
  'Holm',
  'Lien',
  'Hauge',
  'Christensen',
  'Andresen',
  'Nielsen',
  'Knudsen',
  'Evensen',
  'Sæther',
  'Aas',
  'Myhre',
  'Hanssen',
  'Ahmed',
  'Haugland',
  'Thomassen',
  'Sivertsen',
  'Simonsen',
  'Danielsen',
  'Berntsen',
  'Sandvik',
  'Rønning',
  'Arnesen',
  'Antonsen',
  'Næss',
  'Vik',
  'Haug',
  'Ellingsen',
  'Thorsen',
  'Edvardsen',
  'Birkeland',
  'Isaksen',
  'Gulbrandsen',
  'Ruud',
  'Aasen',
  'Strøm',
  'Myklebust',
  'Tangen',
  'Ødegård',
  'Eliassen',
  'Helland',
  'Bøe',
  'Jenssen',
  'Aune',
  'Mikkelsen',
  'Tveit',
  'Brekke',
  'Abrahamsen',
  'Madsen',
];
const LINE_NAMES: [string, string][] = [
  ['Friluftsliv', 'FRI'],
  ['Musikk', 'MUS'],
  ['Kunst og design', 'KUN'],
  ['Foto og film', 'FOT'],
  ['Idrett', 'IDR'],
  ['Klatring', 'KLA'],
  ['Teater', 'TEA'],
  ['Sjøliv', 'SJØ'],
  ['Dykking', 'DYK'],
  ['Journalistikk', 'JOU'],
  ['Matfag', 'MAT'],
  ['Ski og fjell', 'SKI'],
  ['Keramikk', 'KER'],
  ['Dans', 'DAN'],
  ['Gaming og e-sport', 'GAM'],
  ['Reise og kultur', 'REI'],
];
const ELECTIVE_NAMES = [
  'Yoga',
  'Kor',
  'Fotball',
  'Brettspill',
  'Strikking',
  'Matlaging',
  'Svømming',
  'Sykkelverksted',
  'Klatring for nybegynnere',
  'Gitar',
  'Tegning',
  'Fjelltur',
  'Volleyball',
  'Skriving',
  'Foto',
  'Pilates',
  'Innebandy',
  'Band',
  'Sjakk',
  'Toving',
  'Kajakk',
  'Løping',
  'Drama',
  'Søm',
  'Friidrett',
  'Bryting',
  'Baking',
  'Film',
  'Frisbeegolf',
  'Trening',
  'Norsk kultur',
  'Fiske',
];
const ROOM_NAMES = [
  'Kantina',
  'Gymsalen',
  'Musikkrommet',
  'Auditoriet',
  'Biblioteket',
  'Verkstedet',
  'Dansesalen',
  'Keramikkverkstedet',
  'Fotolabben',
  'Klatreveggen',
  'Peisestua',
  'Naustet',
  'Scenen',
  'Lesesalen',
];
const STAFF_ROLES: Role[][] = [
  ['teacher'],
  ['teacher'],
  ['teacher'],
  ['teacher'],
  ['janitor'],
  ['kitchen'],
  ['stipp'],
];

/** The houses the students live in; a room is «Nordhuset 12». */
export const HOUSES = ['Nordhuset', 'Sørhuset', 'Fjordhuset'] as const;

/** The room of the `index`-th student: two or three to a room, the rooms spread over the houses. */
export function houseRoom(index: number): string {
  const room = Math.floor((index * 2) / 5);
  return `${HOUSES[room % HOUSES.length]} ${Math.floor(room / HOUSES.length) + 1}`;
}

/** mulberry32: a small, fast, seedable generator; the same seed gives the same school. */
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

async function insertBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>, size = 200) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

export interface GeneratedSchool {
  studentIds: string[];
  staffIds: string[];
  roomIds: string[];
  lineIds: string[];
  electiveIds: string[];
}

export async function generateSchool(
  db: Queryable,
  schoolId: string,
  size: SchoolSize,
  seed = 1,
  emailDomain = 'elev.example',
): Promise<GeneratedSchool> {
  const { next, pick } = random(seed);
  const now = nowIso();

  const roomIds: string[] = [];
  const rooms = Array.from({ length: size.rooms }, (_, i) => {
    const id = randomUUID();
    roomIds.push(id);
    const name = ROOM_NAMES[i] ?? `Rom ${100 + i}`;
    return { id, school_id: schoolId, name, created_at: now, updated_at: now };
  });
  await insertBatches(rooms, (batch) => db.insertInto('room').values(batch).execute());

  const people: { id: string; roles: Role[] }[] = [];
  const personRows = [];
  const total = size.staff + size.students;
  for (let i = 0; i < total; i += 1) {
    const id = randomUUID();
    const staff = i < size.staff;
    const first = pick(FIRST_NAMES);
    const last = pick(LAST_NAMES);
    const middle = next() < 0.2 ? pick(MIDDLE_NAMES) : null;
    const local = `${first}.${last}${i}`
      .toLowerCase()
      .normalize('NFD')
      .replace(/[^a-z0-9.]/g, '');
    personRows.push({
      id,
      school_id: schoolId,
      user_id: null,
      first_name: first,
      middle_name: middle,
      last_name: last,
      room: staff ? null : houseRoom(i - size.staff),
      email: `${local}@${staff ? 'ansatt.example' : emailDomain}`,
      phone: `+47 9${String(1000000 + Math.floor(next() * 8999999)).slice(0, 7)}`,
      user_mutable_data: '{}',
      created_at: now,
      updated_at: now,
    });
    people.push({ id, roles: staff ? STAFF_ROLES[i % STAFF_ROLES.length]! : [] });
  }
  await insertBatches(personRows, (batch) => db.insertInto('person').values(batch).execute());
  const roleRows = people.flatMap((p) =>
    p.roles.map((role) => ({ person_id: p.id, school_id: schoolId, role })),
  );
  await insertBatches(roleRows, (batch) => db.insertInto('person_role').values(batch).execute());

  const staffIds = people.slice(0, size.staff).map((p) => p.id);
  const teacherIds = people.filter((p) => p.roles.includes('teacher')).map((p) => p.id);
  const studentIds = people.slice(size.staff).map((p) => p.id);

  const lineIds: string[] = [];
  const lineRows = Array.from({ length: size.lines }, (_, i) => {
    const id = randomUUID();
    lineIds.push(id);
    const [name, shortName] = LINE_NAMES[i % LINE_NAMES.length]!;
    const suffix = i < LINE_NAMES.length ? '' : ` ${Math.floor(i / LINE_NAMES.length) + 1}`;
    return {
      id,
      school_id: schoolId,
      name: `${name}${suffix}`,
      short_name: `${shortName}${suffix.trim()}`,
      color: COLOR_THEMES[i % COLOR_THEMES.length]!,
      main_room_id: roomIds[i % Math.max(roomIds.length, 1)] ?? null,
      created_at: now,
      updated_at: now,
    };
  });
  await insertBatches(lineRows, (batch) => db.insertInto('line').values(batch).execute());
  const staffRows = lineIds.flatMap((lineId, i) =>
    teacherIds.length === 0
      ? []
      : [
          {
            line_id: lineId,
            person_id: teacherIds[i % teacherIds.length]!,
            school_id: schoolId,
            kind: 'teacher' as const,
          },
        ],
  );
  await insertBatches(staffRows, (batch) => db.insertInto('line_staff').values(batch).execute());
  // Every student belongs to one line, spread evenly.
  const memberRows = studentIds.map((personId, i) => ({
    line_id: lineIds[i % Math.max(lineIds.length, 1)]!,
    person_id: personId,
    school_id: schoolId,
  }));
  if (lineIds.length > 0)
    await insertBatches(memberRows, (batch) => db.insertInto('line_member').values(batch).execute());

  const electiveIds: string[] = [];
  const electiveRows = Array.from({ length: size.electives }, (_, i) => {
    const id = randomUUID();
    electiveIds.push(id);
    return {
      id,
      school_id: schoolId,
      name: ELECTIVE_NAMES[i % ELECTIVE_NAMES.length]! + (i < ELECTIVE_NAMES.length ? '' : ` ${i}`),
      color: COLOR_THEMES[(i + 5) % COLOR_THEMES.length]!,
      main_room_id: next() < 0.7 ? (pick(roomIds) ?? null) : null,
      created_at: now,
      updated_at: now,
    };
  });
  await insertBatches(electiveRows, (batch) => db.insertInto('elective').values(batch).execute());
  // Each student takes two electives.
  const electiveMembers =
    electiveIds.length === 0
      ? []
      : studentIds.flatMap((personId, i) => {
          const a = i % electiveIds.length;
          const b = (i * 7 + 3) % electiveIds.length;
          return [...new Set([a, b])].map((index) => ({
            elective_id: electiveIds[index]!,
            person_id: personId,
            school_id: schoolId,
          }));
        });
  await insertBatches(electiveMembers, (batch) => db.insertInto('elective_member').values(batch).execute());

  return { studentIds, staffIds, roomIds, lineIds, electiveIds };
}
