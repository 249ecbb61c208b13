/**
 * Live updates: every write publishes {topic, ids} (never data). The server sends a user only
 * the topics they may view, and someone who may view only their own records of a topic gets its
 * changes without ids (docs/decisions/016-live-streams-and-sign-in-throttling.md); the web app
 * invalidates the query keys listed here.
 * Query keys start with the topic name, so invalidating ['people'] refreshes every people query.
 */
import type { Action } from './policy';

export const LIVE_TOPICS = {
  // Who is on supervision duty is part of the school record.
  school: { screens: true, view: 'schoolInfo:view', invalidates: [['school'], ['session'], ['supervision']] },
  people: {
    view: 'staff:view',
    invalidates: [
      ['people'],
      ['students'],
      ['session'],
      ['lines'],
      ['electives'],
      ['groups'],
      ['supervision'],
      // A person's own calendar follows their lines, electives and groups.
      ['calendar'],
    ],
  },
  rooms: {
    screens: true,
    view: 'rooms:view',
    invalidates: [['rooms'], ['lines'], ['electives'], ['calendar']],
  },
  lines: {
    screens: true,
    view: 'lines:view',
    invalidates: [['lines'], ['people'], ['students'], ['calendar']],
  },
  electives: { view: 'electives:view', invalidates: [['electives'], ['calendar']] },
  groups: { view: 'groups:view', invalidates: [['groups'], ['calendar']] },
  // Schedules, events and feeds: every query key of the calendar starts with 'calendar'.
  calendar: { screens: true, view: 'calendar:view', invalidates: [['calendar']] },
  // Records, proposals and reports: keys start with 'attendance'.
  attendance: { view: 'absence:view', invalidates: [['attendance']] },
  // Absence registered in advance is kept from students (SPEC §6), so it has a topic of its own;
  // the sheets show it too.
  preliminaryAbsence: {
    view: 'preliminaryAbsence:view',
    invalidates: [
      ['attendance', 'preliminary'],
      ['attendance', 'sheet'],
    ],
  },
  // The file archive: files, folders and the school's usage (unfinished uploads count in it).
  files: { view: 'files:view', invalidates: [['files']] },
  // Posts: published with no ids (a post's id would tell that a staff-only post exists).
  posts: { screens: true, view: 'posts:view', invalidates: [['posts'], ['notifications']] },
  // A person's notifications: the ids are the people concerned, and only they hear it, without ids.
  notifications: { view: 'posts:view', personal: true, invalidates: [['notifications']] },
  // Info screens: their settings, pairing, «Last inn på nytt» and the emergency banner.
  screens: { view: 'screens:manage', screens: true, invalidates: [['screens'], ['screen']] },
} as const satisfies Record<
  string,
  {
    view: Action;
    personal?: boolean;
    /**
     * Also heard by TV accounts, without ids: what a screen shows changed (decision 024). A
     * screen's topics are those of its content; it refetches its one answer on any of them.
     */
    screens?: boolean;
    invalidates: readonly (readonly string[])[];
  }
>;

export type LiveTopic = keyof typeof LIVE_TOPICS;

export interface LiveMessage {
  topic: LiveTopic;
  ids: string[];
}

/** The SSE event name of a change; heartbeats are comments and carry no event. */
export const LIVE_EVENT = 'change';
