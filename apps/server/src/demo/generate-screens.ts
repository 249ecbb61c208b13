/**
 * The demo school's info screens (docs/decisions/024-info-screens.md): the dining hall, the
 * hallway and the auditorium, already paired, so the demo's TV login shows a screen at once.
 * The dining hall's TV account is the demo's TV login; the other two have accounts of their own
 * without a login, as pairing makes them. The auditorium's screen shows the room's rotating
 * check-in code, so its tag rotates; a teacher is on supervision duty; and a whole-school post
 * with a photo is marked for the screens beside the kitchen's news.
 */
import { postInputSchema, type Role, type ScreenInput } from '@tun/shared';
import type { AppContext } from '../context';
import { write } from '../db/write';
import { createTag } from '../modules/attendance-tags/attendance-tags.service';
import { addRoles, insertPerson } from '../modules/people/people.repository';
import { createPost } from '../modules/posts/posts.service';
import { listRooms } from '../modules/rooms/rooms.service';
import { insertScreen } from '../modules/screens/screens.repository';
import { takeSupervision } from '../modules/supervision/supervision.service';

export interface DemoScreenPeople {
  adminId: string;
  /** The demo's TV login: the dining hall's screen. */
  tvPersonId: string;
  /** The demo teacher, on supervision duty. */
  teacherId: string;
  /** The photo of Hornelen in the demo archive. */
  tripPhotoId: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export async function generateScreens(
  ctx: AppContext,
  schoolId: string,
  people: DemoScreenPeople,
): Promise<void> {
  const as = (personId: string, roles: Role[]) => ({ schoolId, personId, roles });
  const admin = as(people.adminId, ['admin']);
  const auditorium = (await listRooms(ctx.database.db, schoolId)).find((room) => room.name === 'Auditoriet');

  const screens: { input: ScreenInput; tvPersonId?: string }[] = [
    {
      input: {
        name: 'Spisesalen',
        place: 'Spisesalen, ved inngangen',
        layout: {
          orientation: 'landscape',
          panels: ['programme', 'menu', 'supervision', 'posts', 'clock'],
          roomId: null,
        },
        schedule: { darkFrom: '23:00', darkTo: '06:30' },
      },
      tvPersonId: people.tvPersonId,
    },
    {
      input: {
        name: 'Gangen',
        place: 'Gangen ved resepsjonen',
        layout: { orientation: 'portrait', panels: ['programme', 'posts', 'clock'], roomId: null },
        schedule: { darkFrom: '23:30', darkTo: '06:30' },
      },
    },
    {
      input: {
        name: 'Auditoriet',
        place: 'Auditoriet, ved døra',
        layout: {
          orientation: 'landscape',
          panels: ['programme', 'checkIn', 'clock'],
          roomId: auditorium?.id ?? null,
        },
        schedule: null,
      },
    },
  ];

  await write(ctx, schoolId, async (trx, publish) => {
    for (const { input, tvPersonId } of screens) {
      // As pairing names them: «Infoskjerm <screen>», the tv role, no address and no password.
      let personId = tvPersonId;
      if (!personId) {
        personId = await insertPerson(trx, {
          schoolId,
          userId: null,
          name: { first: 'Infoskjerm', last: input.name },
          email: null,
        });
        await addRoles(trx, schoolId, personId, ['tv']);
        publish('people', [personId]);
      }
      const id = await insertScreen(trx, schoolId, input, { personId });
      publish('screens', [id]);
    }
  });

  // The auditorium's screen shows a code that changes every minute.
  if (auditorium) await createTag(ctx, admin, auditorium.id, { rotating: true });
  await takeSupervision(ctx, as(people.teacherId, ['teacher']));

  const post = await createPost(
    ctx,
    admin,
    postInputSchema.parse({
      title: 'Ukas bilde: Hornelen',
      body:
        '<p>Hornelen sett fra fjorden en klar morgen. Har du et fint bilde fra skoleåret? ' +
        'Send det til kontoret, så kan det bli ukas bilde på infoskjermene.</p>' +
        `<p><img src="/api/v1/files/${people.tripPhotoId}/content?inline=1" alt="Hornelen sett fra fjorden"></p>`,
      audience: { kind: 'school' },
      showOnInfoScreen: true,
    }),
  );
  // Written four days ago: the kitchen's news (three days ago) comes first on the screens.
  const at = new Date(Date.now() - 4 * DAY_MS).toISOString();
  await ctx.database.db
    .updateTable('post')
    .set({ publish_at: at, created_at: at, updated_at: at })
    .where('id', '=', post.id)
    .execute();
}
