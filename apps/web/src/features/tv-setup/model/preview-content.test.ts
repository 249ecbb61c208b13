import type { CalendarEvent } from '@tun/shared/calendar';
import { screenCheckInSchema, screenContentSchema } from '@tun/shared/screens';
import { describe, expect, it } from 'vitest';
import { previewCheckIn, previewContent, programmeEvents } from './preview-content';
import { valuesOf } from './screen-form-values';

const now = new Date('2026-01-15T11:00:00Z'); // 12:00 in Oslo

function event(id: string, start: string, end: string, extra: Partial<CalendarEvent> = {}): CalendarEvent {
  return {
    id,
    name: `Økt ${id}`,
    start,
    end,
    type: 'class',
    mandatory: true,
    roomUsed: null,
    groupsAttending: [],
    overrides: null,
    source: 'event',
    createdBy: null,
    ...extra,
  } as CalendarEvent;
}

const names = {
  roomName: (id: string | null) => (id === null ? null : id === 'r1' ? 'Auditoriet' : undefined),
  attendees: (ids: readonly string[]) => ids.map((id) => `Linje ${id}`),
};

describe('preview programme', () => {
  it('lists the events not yet over, by start, with room and line names', () => {
    const events = [
      event('later', '2026-01-15T13:00:00Z', '2026-01-15T14:00:00Z', {
        roomUsed: 'r1',
        groupsAttending: ['a'],
      }),
      event('over', '2026-01-15T08:00:00Z', '2026-01-15T10:00:00Z'),
      event('now', '2026-01-15T10:30:00Z', '2026-01-15T11:30:00Z', { roomUsed: 'gone' }),
    ];
    expect(programmeEvents(events, now, names)).toEqual([
      expect.objectContaining({ id: 'now', roomName: null, lineNames: [] }),
      expect.objectContaining({ id: 'later', roomName: 'Auditoriet', lineNames: ['Linje a'] }),
    ]);
  });
});

describe('preview content', () => {
  const base = {
    school: {
      shortName: 'Fjelltun',
      longName: 'Fjelltun folkehøgskole',
      themeColor: '#1d5a80',
      logoUrl: null,
    },
    events: [],
    ...names,
    supervision: { name: 'Kari Nordmann', phone: '+47 900 00 000' },
    samplePosts: [{ title: 'Eksempel', body: 'Tekst med <tegn> & «sitat»' }],
    now,
  };

  it('is what a screen would get, with the layout being edited and never dark', () => {
    const values = {
      ...valuesOf({
        name: ' Gangen ',
        place: 'Ved trappa',
        layout: { orientation: 'portrait', panels: ['clock', 'posts'], roomId: 'r1' },
        schedule: { darkFrom: '00:00', darkTo: '23:59' },
      }),
    };
    const content = previewContent({ ...base, values });
    expect(screenContentSchema.parse(content)).toEqual(content);
    expect(content.screen).toMatchObject({
      name: 'Gangen',
      layout: { orientation: 'portrait', panels: ['clock', 'posts'], roomId: 'r1' },
      schedule: null,
    });
    expect(content.programme).toMatchObject({ date: '2026-01-15', roomName: 'Auditoriet' });
    expect(content.menu).toBeNull();
    expect(content.emergency).toBeNull();
  });

  it('shows the sample dinner, valid as a screen menu, with the cereal named', () => {
    const sampleMenu = { meal: 'Middag', main: 'Torsk', vegetarian: 'Lasagne' };
    const content = previewContent({ ...base, values: valuesOf(), sampleMenu });
    expect(screenContentSchema.parse(content)).toEqual(content);
    expect(content.menu?.meals).toEqual([
      expect.objectContaining({
        name: 'Middag',
        dishes: [
          expect.objectContaining({ name: 'Torsk', course: 'main', allergens: ['fish', 'milk'] }),
          expect.objectContaining({ name: 'Lasagne', glutenCereals: ['wheat'] }),
        ],
      }),
    ]);
  });

  it('escapes the sample post, which is plain text, into the HTML a post body is', () => {
    const content = previewContent({ ...base, values: valuesOf() });
    expect(content.posts[0]?.body).toBe('<p>Tekst med &lt;tegn&gt; &amp; «sitat»</p>');
  });
});

describe('preview check-in', () => {
  it('shows a code only for a room', () => {
    expect(previewCheckIn({ roomId: '' }, null, 'https://tun.example', now)).toBeNull();
    const checkIn = previewCheckIn({ roomId: 'r1' }, 'Auditoriet', 'https://tun.example', now);
    expect(screenCheckInSchema.parse(checkIn)).toEqual(checkIn);
    expect(checkIn).toMatchObject({
      roomName: 'Auditoriet',
      link: 'https://tun.example/app/scan?room=r1&key=preview',
    });
  });

  it('shows none while the room’s name is unknown', () => {
    expect(previewCheckIn({ roomId: 'r1' }, undefined, 'https://tun.example', now)).toBeNull();
  });
});
