/**
 * The layout editor's live preview shows the screen as the TV would, built from what the admin's
 * own page can read (the school's name and colours, today's events) and the layout being edited.
 * What only a TV may ask for (its posts, its rotating check-in code) is shown by sample: the
 * admin is told so under the preview.
 */
import type { CalendarEvent } from '@tun/shared/calendar';
import type { ScreenCheckIn, ScreenContent, ScreenProgrammeEvent } from '@tun/shared/screens';
import { schoolTimeToInstant, todayInSchoolZone } from '@tun/shared/time';
import { inputOf, type ScreenFormValues } from './screen-form-values';

export interface PreviewSchool {
  shortName: string;
  longName: string;
  themeColor: string;
  logoUrl: string | null;
}

export interface PreviewSources {
  values: ScreenFormValues;
  school: PreviewSchool;
  /** Today's events of the school, or of the chosen room; loading: none yet. */
  events: readonly CalendarEvent[];
  roomName: (id: string | null) => string | null | undefined;
  attendees: (ids: readonly string[]) => string[];
  supervision: { name: string | null; phone: string | null };
  /** Sample posts in the admin's language: a screen's own posts are the TV's to ask for. */
  samplePosts: readonly { title: string; body: string }[];
  /**
   * A sample dinner in the admin's language, so the menu panel shows how a menu reads on the
   * wall (allergens in words); without it the panel says there is no menu today.
   */
  sampleMenu?: PreviewMenuSample;
  now: Date;
}

export interface PreviewMenuSample {
  meal: string;
  main: string;
  vegetarian: string;
}

/** The sample dinner at 17:00 today: fish with milk, and a vegetarian dish with wheat and milk. */
export function previewMenu(sample: PreviewMenuSample, now: Date): NonNullable<ScreenContent['menu']> {
  const start = new Date(schoolTimeToInstant(todayInSchoolZone(now), '17:00')).toISOString();
  return {
    meals: [
      {
        name: sample.meal,
        start,
        dishes: [
          { name: sample.main, course: 'main', allergens: ['fish', 'milk'], glutenCereals: [], nuts: [] },
          {
            name: sample.vegetarian,
            course: 'vegetarian',
            allergens: ['gluten', 'milk'],
            glutenCereals: ['wheat'],
            nuts: [],
          },
        ],
      },
    ],
  };
}

/** Today's events not yet over, by start, as the server gives a screen its programme. */
export function programmeEvents(
  events: readonly CalendarEvent[],
  now: Date,
  names: Pick<PreviewSources, 'roomName' | 'attendees'>,
): ScreenProgrammeEvent[] {
  return events
    .filter((event) => Date.parse(event.end) > now.getTime())
    .sort((a, b) => Date.parse(a.start) - Date.parse(b.start) || a.name.localeCompare(b.name))
    .map((event) => ({
      id: event.id,
      name: event.name,
      start: event.start,
      end: event.end,
      type: event.type,
      roomName: names.roomName(event.roomUsed) ?? null,
      lineNames: names.attendees(event.groupsAttending),
    }));
}

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}

export function previewContent(sources: PreviewSources): ScreenContent {
  const { values, school, now } = sources;
  const input = inputOf(values);
  const roomId = input.layout.roomId;
  const generatedAt = now.toISOString();
  return {
    screen: {
      id: 'preview',
      name: input.name,
      place: input.place,
      layout: input.layout,
      // The preview shows the content even inside the dark hours: the editor is for the layout.
      schedule: null,
      reloadRequestedAt: null,
    },
    school,
    generatedAt,
    programme: {
      date: todayInSchoolZone(now),
      roomName: roomId === null ? null : (sources.roomName(roomId) ?? null),
      events: programmeEvents(sources.events, now, sources),
    },
    menu: sources.sampleMenu ? previewMenu(sources.sampleMenu, now) : null,
    supervision: sources.supervision,
    posts: sources.samplePosts.map((post, index) => ({
      id: `preview-${index}`,
      title: post.title,
      // A post's body is HTML; the sample is plain text from the catalog.
      body: `<p>${escapeHtml(post.body)}</p>`,
      publishedAt: generatedAt,
    })),
    emergency: null,
  };
}

/**
 * A room's check-in code as a screen in the room would show it; its key is not a real one, so
 * scanning the preview checks nobody in.
 */
export function previewCheckIn(
  values: Pick<ScreenFormValues, 'roomId'>,
  roomName: string | null | undefined,
  origin: string,
  now: Date,
): ScreenCheckIn {
  if (values.roomId === '' || !roomName) return null;
  return {
    roomId: values.roomId,
    roomName,
    link: `${origin}/app/scan?room=${encodeURIComponent(values.roomId)}&key=preview`,
    validUntil: new Date(now.getTime() + 60_000).toISOString(),
  };
}
