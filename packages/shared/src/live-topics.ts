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
      // Who is expected at a meal.
      ['foodPlan', 'counts'],
      // Who sleeps in the house, their rooms and phones.
      ['house'],
      // The names a sheet carries.
      ['attendance', 'sheet'],
    ],
  },
  rooms: {
    screens: true,
    view: 'rooms:view',
    invalidates: [['rooms'], ['lines'], ['electives'], ['calendar'], ['attendance', 'sheet']],
  },
  lines: {
    screens: true,
    view: 'lines:view',
    invalidates: [['lines'], ['people'], ['students'], ['calendar'], ['attendance', 'sheet']],
  },
  // The sheets carry the names of the rooms, lines, electives and groups of their events, and
  // follow the calendar for who is expected.
  electives: { view: 'electives:view', invalidates: [['electives'], ['calendar'], ['attendance', 'sheet']] },
  groups: { view: 'groups:view', invalidates: [['groups'], ['calendar'], ['attendance', 'sheet']] },
  // Schedules, events and feeds: every query key of the calendar starts with 'calendar'.
  calendar: {
    screens: true,
    view: 'calendar:view',
    invalidates: [['calendar'], ['foodPlan'], ['attendance', 'sheet']],
  },
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
  // The food planner: dishes, menus, their publishing and the cut-off (decision 025).
  food: { screens: true, view: 'foodPlan:view', invalidates: [['foodPlan']] },
  // Special diets: the ids are the people's; the kitchen hears all, a person only their own.
  diets: {
    view: 'diets:view',
    byPerson: true,
    invalidates: [
      ['foodPlan', 'diets'],
      ['foodPlan', 'diet'],
      ['foodPlan', 'counts'],
    ],
  },
  // «Jeg spiser ikke» / «Matpakke»: the ids are the students'.
  mealChoices: {
    view: 'meals:choose',
    byPerson: true,
    invalidates: [
      ['foodPlan', 'menu'],
      ['foodPlan', 'counts'],
    ],
  },
  // The kitchen's counts changed for a reason it may not see itself (absence registered in advance).
  mealCounts: { view: 'foodCounts:view', invalidates: [['foodPlan', 'counts']] },
  // Janitor cases (decision 026): the ids are the submitters'; handlers hear all, a submitter their own.
  cases: { view: 'maintenance:view', byPerson: true, invalidates: [['cases'], ['notifications']] },
  // Leave (decision 027): the ids are the applicants'; approvers hear all, a student their own.
  // An approved leave is absence in advance, changes the house tonight and the kitchen's counts.
  leave: {
    view: 'leave:view',
    byPerson: true,
    invalidates: [['leave'], ['house'], ['notifications']],
  },
  // Tonight's evening check of the house (ids: the people checked).
  house: { view: 'house:view', invalidates: [['house']] },
  // Info screens: their settings, pairing, «Last inn på nytt» and the emergency banner.
  screens: { view: 'screens:manage', screens: true, invalidates: [['screens'], ['screen']] },
} as const satisfies Record<
  string,
  {
    view: Action;
    personal?: boolean;
    /**
     * The ids are people's: whoever may view the topic's records of all hears every change with
     * ids; whoever may view only their own hears only the changes naming them, without ids.
     */
    byPerson?: boolean;
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
  /**
   * The people whose own records the change touches, when the ids name other things (an
   * attendance change names its events): someone who may view only their own records of the
   * topic hears the change only when named here. Left out: anyone may be concerned, so all hear it.
   */
  people?: string[];
}

/** The SSE event name of a change; heartbeats are comments and carry no event. */
export const LIVE_EVENT = 'change';

/**
 * The SSE event telling a resuming client that the missed changes cannot all be replayed (too
 * many, or no longer kept): it refetches everything instead.
 */
export const LIVE_RESET_EVENT = 'reset';

/**
 * On every API answer: the id of the latest live event the server had heard of when the request
 * arrived. Any change the answer may have missed has a larger id, so a stream opened with the
 * smallest of these as its last event id replays all of them.
 */
export const LIVE_ID_HEADER = 'tun-live-id';
