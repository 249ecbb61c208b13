/**
 * The demo school's janitor cases: a dozen faults reported by students and staff over the last
 * weeks, across the rooms and categories, in every status, some with comments, internal notes
 * and photos. They go through the same services as the app (numbers, history, photos cleaned
 * and previewed), and their times are then moved back so the list and the statistics have ages
 * and times to solve to show.
 */
import type sharpModule from 'sharp';
import type { CaseCategory, CaseStatus, CaseUrgency, Role } from '@tun/shared';
import type { AppContext } from '../context';
import { write } from '../db/write';
import { addCasePhoto } from '../modules/maintenance/case-photos.service';
import {
  commentOnCase,
  createCase,
  setCaseAssignee,
  setCaseStatus,
  type Actor,
} from '../modules/maintenance/cases.service';
import { lazyRequire } from '../lazy-require';

/** Only a demo start draws pictures (decision 037). */
const sharp = lazyRequire<typeof sharpModule>('sharp');

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** A simple picture of the fault: a coloured background with a shape, as a phone's JPEG. */
async function faultPhoto(background: string, shape: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600">
    <rect width="800" height="600" fill="${background}"/>
    <rect x="80" y="420" width="640" height="120" fill="#00000022"/>
    ${shape}
  </svg>`;
  return sharp()(Buffer.from(svg))
    .jpeg({ quality: 80 })
    .withExif({ IFD0: { Make: 'Tun', Model: 'Demotelefon' } })
    .toBuffer();
}

const PHOTOS = {
  tap: () => faultPhoto('#d9e4ec', '<circle cx="400" cy="260" r="120" fill="#8aa4b8"/><rect x="380" y="120" width="40" height="160" fill="#5d7283"/>'),
  window: () => faultPhoto('#bcd7ef', '<polygon points="200,100 600,100 600,500 200,500" fill="none" stroke="#4a4a4a" stroke-width="20"/><polyline points="260,140 420,300 360,360 540,470" fill="none" stroke="#ffffff" stroke-width="8"/>'),
  lamp: () => faultPhoto('#2e2e3a', '<circle cx="400" cy="220" r="90" fill="#6b6b52"/><rect x="385" y="300" width="30" height="200" fill="#9a9a9a"/>'),
  chair: () => faultPhoto('#e9dcc9', '<rect x="300" y="180" width="200" height="30" fill="#7a5230"/><rect x="300" y="210" width="30" height="220" fill="#7a5230"/><rect x="470" y="210" width="30" height="120" fill="#7a5230" transform="rotate(25 485 210)"/>'),
}; // prettier-ignore

interface DemoCase {
  title: string;
  description: string;
  category: CaseCategory;
  urgency: CaseUrgency;
  /** Index into the rooms; null for a fault outside any room. */
  room: number | null;
  by: 'student' | 'teacher' | 'kitchen' | 'demoStudent';
  daysAgo: number;
  /** The statuses it went through after «Ny», with the hours after the report. */
  steps: { status: CaseStatus; hours: number; reason?: string; comment?: string }[];
  internal?: string;
  photo?: keyof typeof PHOTOS;
}

const CASES: DemoCase[] = [
  { title: 'Kranen på badet drypper', description: 'Det drypper hele natten, også når kranen er skrudd helt igjen.', category: 'plumbing', urgency: 'normal', room: 0, by: 'demoStudent', daysAgo: 2, steps: [], photo: 'tap' },
  { title: 'Sprukket vindusrute', description: 'Ruta i vinduet mot fjorden har en lang sprekk. Det trekker kaldt.', category: 'furniture', urgency: 'high', room: 1, by: 'student', daysAgo: 6, steps: [{ status: 'inProgress', hours: 20 }, { status: 'waitingForParts', hours: 30, comment: 'Ny rute er bestilt, kommer om en uke.' }], internal: 'Glassmester Hansen, ordrenr. 4471.', photo: 'window' },
  { title: 'Taklampe virker ikke', description: 'Lampen i taket blinker og slukker.', category: 'electrical', urgency: 'normal', room: 2, by: 'teacher', daysAgo: 12, steps: [{ status: 'inProgress', hours: 3 }, { status: 'solved', hours: 26, comment: 'Byttet lysrør og tenner.' }], photo: 'lamp' },
  { title: 'Stol med løst bein', description: 'En av stolene ved vinduet vipper. Noen kan falle.', category: 'furniture', urgency: 'high', room: 3, by: 'student', daysAgo: 4, steps: [{ status: 'inProgress', hours: 2 }], internal: 'Skruene er slitt; trenger nye beslag.', photo: 'chair' },
  { title: 'Prosjektoren får ikke signal', description: 'HDMI-kabelen fra kateteret gir ikke bilde.', category: 'it', urgency: 'urgent', room: 4, by: 'teacher', daysAgo: 9, steps: [{ status: 'solved', hours: 5, comment: 'Ny HDMI-kabel er lagt inn.' }] },
  { title: 'Oppvaskmaskinen lekker', description: 'Det står vann på gulvet foran maskinen etter hver vask.', category: 'plumbing', urgency: 'urgent', room: 5, by: 'kitchen', daysAgo: 3, steps: [{ status: 'inProgress', hours: 1, comment: 'Ser på den i ettermiddag.' }], internal: 'Pakning i døra; sjekk garantien.' },
  { title: 'Søppel i gangen ved inngangen', description: 'Noen har satt fra seg søppelsekker ved døra.', category: 'cleaning', urgency: 'low', room: null, by: 'student', daysAgo: 15, steps: [{ status: 'solved', hours: 4 }] },
  { title: 'Stikkontakt løs i veggen', description: 'Kontakten ved senga henger ut av veggen.', category: 'electrical', urgency: 'high', room: 6, by: 'demoStudent', daysAgo: 20, steps: [{ status: 'inProgress', hours: 6 }, { status: 'solved', hours: 50, comment: 'Kontakten er festet og kontrollert.' }] },
  { title: 'Wifi er tregt på kvelden', description: 'Nettet blir nesten borte etter klokka åtte.', category: 'it', urgency: 'normal', room: 7, by: 'student', daysAgo: 8, steps: [{ status: 'rejected', hours: 24, reason: 'Nettet har skolens IT-ansvarlige ansvar for. Saken er sendt videre dit.' }] },
  { title: 'Dusjen blir ikke varm', description: 'Bare lunkent vann i dusjen om morgenen.', category: 'plumbing', urgency: 'normal', room: 8, by: 'student', daysAgo: 1, steps: [] },
  { title: 'Skapdør har falt av', description: 'Døra på garderobeskapet har løsnet fra hengslene.', category: 'furniture', urgency: 'low', room: 9, by: 'student', daysAgo: 27, steps: [{ status: 'inProgress', hours: 48 }, { status: 'solved', hours: 72 }] },
  { title: 'Lukt fra sluket', description: 'Det lukter kloakk fra sluket i vaskerommet.', category: 'other', urgency: 'normal', room: 10, by: 'teacher', daysAgo: 5, steps: [], internal: 'Kan være vannlåsen som har tørket ut.' },
]; // prettier-ignore

export async function generateCases(
  ctx: AppContext,
  schoolId: string,
  people: {
    janitorId: string;
    teacherId: string | undefined;
    kitchenId: string | undefined;
    demoStudentId: string | undefined;
  },
): Promise<void> {
  const db = ctx.database.db;
  const rooms = await db
    .selectFrom('room')
    .select('id')
    .where('school_id', '=', schoolId)
    .orderBy('name')
    .limit(12)
    .execute();
  // Students are the people without a staff role.
  const students = await db
    .selectFrom('person')
    .select('person.id as person_id')
    .where('person.school_id', '=', schoolId)
    .where('person.left_on', 'is', null)
    .where('person.erased_at', 'is', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('person_role')
            .select('person_role.person_id')
            .whereRef('person_role.person_id', '=', 'person.id'),
        ),
      ),
    )
    .orderBy('person.last_name')
    .limit(8)
    .execute();
  const as = (personId: string, roles: Role[]): Actor => ({ schoolId, personId, roles });
  const janitor = as(people.janitorId, ['janitor']);
  let studentTurn = 0;
  const submitter = (by: DemoCase['by']): Actor | null => {
    if (by === 'teacher') return people.teacherId ? as(people.teacherId, ['teacher']) : null;
    if (by === 'kitchen') return people.kitchenId ? as(people.kitchenId, ['kitchen']) : null;
    if (by === 'demoStudent' && people.demoStudentId) return as(people.demoStudentId, []);
    const student = students[studentTurn++ % Math.max(students.length, 1)];
    return student ? as(student.person_id, []) : null;
  };

  const now = Date.now();
  for (const demo of CASES) {
    const actor = submitter(demo.by);
    if (!actor) continue;
    const roomId = demo.room === null ? null : (rooms[demo.room % Math.max(rooms.length, 1)]?.id ?? null);
    const created = await createCase(ctx, actor, {
      title: demo.title,
      description: demo.description,
      roomId,
      category: demo.category,
      urgency: demo.urgency,
    });
    if (demo.photo) await addCasePhoto(ctx, actor, created.id, await PHOTOS[demo.photo]());
    if (demo.steps.length > 0 || demo.internal)
      await setCaseAssignee(ctx, janitor, created.id, { assigneeId: janitor.personId });
    if (demo.internal) {
      await commentOnCase(ctx, janitor, created.id, { body: demo.internal, internal: true });
    }
    for (const step of demo.steps) {
      await setCaseStatus(ctx, janitor, created.id, {
        status: step.status,
        ...(step.reason ? { reason: step.reason } : {}),
        ...(step.comment ? { comment: step.comment } : {}),
      });
    }
    await backdate(ctx, schoolId, created.id, now - demo.daysAgo * DAY_MS, demo.steps);
  }
}

/**
 * Moves a case's times back: reported at `reportedAt`, each status change at its step's hours
 * after, comments and photos with the step they came with (or just after the report).
 */
async function backdate(
  ctx: AppContext,
  schoolId: string,
  caseId: string,
  reportedAt: number,
  steps: DemoCase['steps'],
): Promise<void> {
  const at = (hours: number) => new Date(Math.min(reportedAt + hours * HOUR_MS, Date.now())).toISOString();
  await write(ctx, schoolId, async (trx, publish) => {
    const changes = await trx
      .selectFrom('maintenance_status_change')
      .select('id')
      .where('case_id', '=', caseId)
      .orderBy('at')
      .orderBy('id')
      .execute();
    // The first change is the report; the rest follow the steps in order.
    for (const [i, change] of changes.entries()) {
      const hours = i === 0 ? 0 : (steps[i - 1]?.hours ?? 0);
      await trx
        .updateTable('maintenance_status_change')
        .set({ at: at(hours) })
        .where('id', '=', change.id)
        .execute();
    }
    const last = steps.at(-1);
    const lastAt = at(last?.hours ?? 1);
    await trx
      .updateTable('maintenance_comment')
      .set({ created_at: lastAt })
      .where('case_id', '=', caseId)
      .where('internal', '=', 0)
      .execute();
    await trx
      .updateTable('maintenance_comment')
      .set({ created_at: at(0.5) })
      .where('case_id', '=', caseId)
      .where('internal', '=', 1)
      .execute();
    await trx
      .updateTable('maintenance_photo')
      .set({ created_at: at(0) })
      .where('case_id', '=', caseId)
      .execute();
    await trx
      .updateTable('maintenance_case')
      .set({
        created_at: at(0),
        updated_at: lastAt,
        solved_at: last?.status === 'solved' ? lastAt : null,
      })
      .where('id', '=', caseId)
      .execute();
    publish('cases', []);
  });
}
