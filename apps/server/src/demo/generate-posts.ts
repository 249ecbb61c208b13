/**
 * The demo school's feed: what a folk high school's staff write in the first weeks of a year.
 * A pinned house-rules post that asks to be confirmed, a welcome, an excursion notice to one
 * line with its packing list attached and a photo in the text, news from the kitchen, a
 * staff-only post and one scheduled for later. They go through the posts service, so their
 * bodies are sanitized and their audiences are notified like any; their publish times are then
 * set back to spread them over the past weeks.
 */
import { postInputSchema, type PostInput, type Role } from '@tun/shared';
import type { AppContext } from '../context';
import { createPost } from '../modules/posts/posts.service';
import { uploadSmallFile } from '../modules/files/uploads.service';
import { textPdf } from './generate-files';

export interface DemoAuthors {
  adminId: string;
  teacherId: string;
  kitchenId: string;
  /** The line the demo teacher teaches. */
  lineId: string;
  /** The photo of the trip, from the demo archive. */
  tripPhotoId: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;

const PACKING_LIST = [
  'Sovepose og liggeunderlag',
  'Ullundertøy, fleece og vindtett jakke og bukse',
  'Fjellsko eller gode tursko',
  'Lue, votter og ekstra sokker',
  'Hodelykt med nye batterier',
  'Termos, drikkeflaske og matboks',
  'Personlige medisiner',
  '',
  'Oppmøte ved hovedinngangen lørdag kl. 08.00.',
];

export async function generatePosts(ctx: AppContext, schoolId: string, authors: DemoAuthors): Promise<void> {
  const as = (personId: string, roles: Role[]) => ({ schoolId, personId, roles });
  const admin = as(authors.adminId, ['admin']);
  const teacher = as(authors.teacherId, ['teacher']);
  const kitchen = as(authors.kitchenId, ['kitchen']);
  const packingList = await uploadSmallFile(ctx, admin, {
    name: 'Pakkeliste Hornelen.pdf',
    claimedType: 'application/pdf',
    folderId: null,
    bytes: textPdf('Pakkeliste for turen til Hornelen', PACKING_LIST),
    customMetadata: {},
  });

  const now = Date.now();
  const posts: { author: typeof admin; daysAgo: number; input: PostInput }[] = [
    {
      author: admin,
      daysAgo: 40,
      input: {
        title: 'Husreglement for skoleåret 2026/27',
        body:
          '<p>Her er reglene vi lever etter sammen på Solbakken. Les dem og bekreft at du har lest.</p>' +
          '<h2>Ro i husene</h2><p>Det er ro i husene fra kl. 22.30 søndag–torsdag og fra kl. 00.30 fredag og lørdag.</p>' +
          '<h2>Rusfritt</h2><p>Solbakken er en rusfri skole, også på turer og arrangementer.</p>' +
          '<h2>Fravær</h2><ul><li>Meld fravær til kontaktlæreren før første time.</li>' +
          '<li>Permisjon søkes på skjemaet i filarkivet.</li><li>Oppmøte under 90 % kan koste stipendet fra Lånekassen.</li></ul>',
        audience: { kind: 'school' },
        pinned: true,
        requireReadConfirmation: true,
      },
    },
    {
      author: admin,
      daysAgo: 38,
      input: {
        title: 'Velkommen til Solbakken!',
        body:
          '<p>Hjertelig velkommen til et nytt skoleår! Vi gleder oss til å bli kjent med dere.</p>' +
          '<p>Den første uka bruker vi på å bli kjent: <strong>fellessamling i salen mandag kl. 09.00</strong>, ' +
          'linjedager tirsdag og onsdag, og bålkveld ved fjorden torsdag.</p>' +
          '<p>Spørsmål? Kontoret er åpent hver dag kl. 08–15.</p>',
        audience: { kind: 'school' },
        showOnInfoScreen: true,
      },
    },
    {
      author: teacher,
      daysAgo: 6,
      input: {
        title: 'Tur til Hornelen lørdag',
        body:
          '<p>Lørdag går vi til toppen av Hornelen, 860 meter rett opp fra fjorden. Turen tar hele dagen.</p>' +
          `<p><img src="/api/v1/files/${authors.tripPhotoId}/content?inline=1" alt="Hornelen sett fra fjorden"></p>` +
          '<p>Pakkelisten ligger som vedlegg. Bekreft at du har lest, så vet vi at alle har fått med seg oppmøtetiden.</p>',
        audience: { kind: 'selected', lineIds: [authors.lineId] },
        requireReadConfirmation: true,
        attachmentIds: [packingList.id],
      },
    },
    {
      author: kitchen,
      daysAgo: 3,
      input: {
        title: 'Nytt fra kjøkkenet: taco fredag og vegetardager',
        body:
          '<p>Fra neste uke blir det <em>vegetardag hver onsdag</em>, og fredagstacoen er tilbake.</p>' +
          '<p>Har du allergier vi ikke vet om, si fra til kjøkkenet så snart som mulig.</p>',
        audience: { kind: 'school' },
        showOnInfoScreen: true,
      },
    },
    {
      author: admin,
      daysAgo: 1,
      input: {
        title: 'Personalmøte torsdag',
        body:
          '<p>Personalmøte torsdag kl. 15.00 på lærerværelset.</p>' +
          '<ol><li>Evaluering av første periode</li><li>Turuka i februar</li><li>Kveldstilsyn før jul</li></ol>',
        audience: { kind: 'staff' },
      },
    },
    {
      author: teacher,
      daysAgo: -3,
      input: {
        title: 'Påminnelse: julebord og avslutning',
        body: '<p>Julebordet er fredag før juleferien. Pynt deg – vi pynter salen!</p>',
        audience: { kind: 'school' },
        publishAt: new Date(now + 3 * DAY_MS).toISOString(),
      },
    },
  ];

  for (const { author, daysAgo, input } of posts) {
    const post = await createPost(ctx, author, postInputSchema.parse(input));
    if (daysAgo > 0) {
      // Written earlier in the term: the feed and its order show weeks of news.
      const at = new Date(now - daysAgo * DAY_MS).toISOString();
      await ctx.database.db
        .updateTable('post')
        .set({ publish_at: at, created_at: at, updated_at: at })
        .where('id', '=', post.id)
        .execute();
    }
  }
}
