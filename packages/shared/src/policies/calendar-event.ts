/**
 * What a person may do with one calendar event (SPEC §6): activities are changed by admins and
 * teachers, and by whoever made them; every other type by staff. The server checks writes with
 * these and sends their answers with each event; the web shows actions from those answers.
 */
import { EVENT_TYPES, type CalendarEvent, type EventPolicies, type EventType } from '../calendar';
import { can, canAll, canOwn, type Principal } from '../policy';

type EventFacts = Pick<CalendarEvent, 'type' | 'createdBy'>;

/** Change or delete it. A schedule occurrence has no creator: it is nobody's own activity. */
export function mayChangeEvent(principal: Principal, event: EventFacts): boolean {
  if (event.type === 'physact') return can(principal, 'activities:change', event.createdBy);
  return canAll(principal.roles, 'events:change');
}

/** A new event is the creator's own. */
export function mayCreateEvent(principal: Principal, type: EventType): boolean {
  return mayChangeEvent(principal, { type, createdBy: principal.personId });
}

/** The types a person may create, in the order of EVENT_TYPES. */
export function creatableEventTypes(principal: Principal): EventType[] {
  return EVENT_TYPES.filter((type) => mayCreateEvent(principal, type));
}

export function eventPoliciesOf(
  principal: Principal,
  event: EventFacts & Pick<CalendarEvent, 'overrides'>,
): EventPolicies {
  const change = mayChangeEvent(principal, event);
  return { change, delete: change, revert: change && event.overrides !== null };
}

/**
 * Everything about a person that eventPoliciesOf() looks at: two people with the same key get
 * the same policies for every event. Answers shared between people are kept per key, so one
 * person's policies never reach another; the person's id is in it only when their own
 * activities are all they may change.
 */
export function eventPolicyKey(principal: Principal): string {
  const events = canAll(principal.roles, 'events:change') ? 'e' : '-';
  if (canAll(principal.roles, 'activities:change')) return `${events}a`;
  if (canOwn(principal.roles, 'activities:change')) return `${events}o:${principal.personId}`;
  return `${events}-`;
}
