import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  calendarQuerySchema,
  calendarResponseSchema,
  eventInputSchema,
  eventParamsSchema,
  eventPoliciesOf,
  eventPolicyKey,
  eventWithPoliciesSchema,
  type CalendarEvent,
  type EventPolicies,
  type EventWithPolicies,
  type Principal,
  scheduleCreateSchema,
  scheduleInputSchema,
  scheduleSchema,
  scheduleSummarySchema,
  idSchema,
} from '@tun/shared';
import type { AppContext } from '../../context';
import { ProblemError } from '../../http/problem';
import { createAnswerCache, JsonBytes, replyWithAnswer } from '../../live/answer-cache';
import { CALENDAR_BASE_TOPICS, cacheCalendarBase } from './calendar-cache';
import {
  changeEvent,
  createEvent,
  createSchedule,
  deleteEvent,
  findCalendarEvent,
  findSchedule,
  listCalendar,
  listScheduleSummaries,
  removeSchedule,
  revertEvent,
  saveSchedule,
  type CalendarFilter,
} from './calendar.service';

const scheduleParams = z.object({ id: idSchema });
const FILTER_KINDS = ['person', 'line', 'elective', 'group', 'room'] as const;

/** Each event goes out with what the asking person may do with it (decision 017). */
function withPolicies(principal: Principal, event: CalendarEvent): EventWithPolicies {
  return { ...event, policies: eventPoliciesOf(principal, event) };
}

/** A shared event (of a kept range) as JSON bytes without its closing brace, written once for all who read it. */
const eventBytes = new WeakMap<CalendarEvent, Buffer>();
/** `,"policies":{…}}` for each of the eight combinations of the three policies. */
const policyEndings: (Buffer | undefined)[] = [];
const EVENTS_OPEN = Buffer.from('{"events":[');
const EVENTS_CLOSE = Buffer.from(']}');

function policyEnding(policies: EventPolicies): Buffer {
  const index = (policies.change ? 4 : 0) + (policies.delete ? 2 : 0) + (policies.revert ? 1 : 0);
  let ending = policyEndings[index];
  if (ending === undefined) {
    ending = Buffer.from(`,"policies":${JSON.stringify(policies)}}`);
    policyEndings[index] = ending;
  }
  return ending;
}

/**
 * `{ events: events.map(withPolicies) }` as JSON bytes, for shared events: each event's own bytes,
 * written and encoded once, with the policies added at its end (the same bytes
 * `JSON.stringify` gives). A week is asked for by every student; copying, writing and encoding
 * each event again was most of a week's cost when the answer was not kept (decision 031).
 */
function eventsAnswer(principal: Principal, events: readonly CalendarEvent[]): JsonBytes {
  const items = events.map((event) => {
    let bytes = eventBytes.get(event);
    if (bytes === undefined) {
      bytes = Buffer.from(JSON.stringify(event).slice(0, -1));
      eventBytes.set(event, bytes);
    }
    return [bytes, policyEnding(eventPoliciesOf(principal, event))];
  });
  return JsonBytes.join(EVENTS_OPEN, items, EVENTS_CLOSE);
}

export async function calendarRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const stopCaching = cacheCalendarBase(ctx.database.db, ctx.live);
  // People's memberships change whose calendar shows what.
  const answers = createAnswerCache(ctx.live, 'calendar', new Set([...CALENDAR_BASE_TOPICS, 'people']));
  app.addHook('onClose', async () => {
    stopCaching();
    answers.stop();
  });

  routes.get(
    '/api/v1/calendar',
    {
      config: { access: 'calendar:view' },
      schema: {
        tags: ['calendar'],
        summary: 'The events of a range: the weekly schedules expanded, overrides applied',
        description:
          'At most one filter. A person, line, elective or group gets its own events and the ' +
          'school-wide ones; a room the events held in it; no filter the whole school.',
        querystring: calendarQuerySchema,
        response: { 200: calendarResponseSchema, 304: z.null() },
      },
    },
    async (request, reply) => {
      const query = request.query;
      const filters = FILTER_KINDS.flatMap((kind): CalendarFilter[] =>
        query[kind] === undefined ? [] : [{ kind, id: query[kind] }],
      );
      if (filters.length > 1) {
        throw new ProblemError('validation-failed', undefined, [
          { path: 'querystring', message: 'Velg bare ett filter.' },
        ]);
      }
      const { db } = ctx.database;
      const { principal } = request;
      const { schoolId } = principal;
      // Kept per policy key: everyone with the same key gets the same policies (decision 017).
      const make = async () => {
        const events = await listCalendar(db, schoolId, {
          from: Date.parse(query.from),
          to: Date.parse(query.to),
          filter: filters[0],
          // Only read: each event is written with its policies, not changed.
          shared: true,
          // A person's groups change with the topics this cache follows, as their week does.
          keep: (key, makeValue) => answers.value(schoolId, key, makeValue),
        });
        return eventsAnswer(principal, events);
      };
      return replyWithAnswer(answers, request, reply, schoolId, request.url, make, eventPolicyKey(principal));
    },
  );

  routes.get(
    '/api/v1/calendar/events/:id',
    {
      config: { access: 'calendar:view' },
      schema: {
        tags: ['calendar'],
        summary: 'One event: a concrete event, or a schedule occurrence (entryId@start[#target])',
        params: eventParamsSchema,
        response: { 200: eventWithPoliciesSchema },
      },
    },
    async (request) =>
      withPolicies(
        request.principal,
        await findCalendarEvent(ctx.database.db, request.principal.schoolId, request.params.id),
      ),
  );

  routes.post(
    '/api/v1/calendar/events',
    {
      // Everyone may create an activity; other types need events:change (checked by type).
      config: { access: 'activities:change' },
      schema: {
        tags: ['calendar'],
        summary: 'Create a one-off event or an activity',
        body: eventInputSchema,
        response: { 201: eventWithPoliciesSchema },
      },
    },
    async (request, reply) => {
      const event = await createEvent(ctx, request.principal, request.body);
      return reply.code(201).send(withPolicies(request.principal, event));
    },
  );

  routes.patch(
    '/api/v1/calendar/events/:id',
    {
      config: { access: 'activities:change' },
      schema: {
        tags: ['calendar'],
        summary: 'Change an event; for a schedule occurrence, create or change the event that overrides it',
        params: eventParamsSchema,
        body: eventInputSchema,
        response: { 200: eventWithPoliciesSchema },
      },
    },
    async (request) =>
      withPolicies(
        request.principal,
        await changeEvent(ctx, request.principal, request.params.id, request.body),
      ),
  );

  routes.delete(
    '/api/v1/calendar/events/:id',
    {
      config: { access: 'activities:change' },
      schema: {
        tags: ['calendar'],
        summary: 'Delete an event; a schedule occurrence is marked repDeleted',
        params: eventParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await deleteEvent(ctx, request.principal, request.params.id);
      return reply.code(204).send(null);
    },
  );

  routes.post(
    '/api/v1/calendar/events/:id/revert',
    {
      config: { access: 'activities:change' },
      schema: {
        tags: ['calendar'],
        summary: 'Remove the event that overrides a schedule occurrence, so the occurrence is back',
        params: eventParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await revertEvent(ctx, request.principal, request.params.id);
      return reply.code(204).send(null);
    },
  );

  routes.get(
    '/api/v1/calendar/schedules',
    {
      config: { access: 'calendar:view' },
      schema: {
        tags: ['calendar'],
        summary: 'The normal week and the named schedules, without their entries',
        response: { 200: z.array(scheduleSummarySchema) },
      },
    },
    async (request) => listScheduleSummaries(ctx.database.db, request.principal.schoolId),
  );

  routes.get(
    '/api/v1/calendar/schedules/:id',
    {
      config: { access: 'calendar:view' },
      schema: {
        tags: ['calendar'],
        summary: "A schedule with its days ('normalWeek' for the normal week)",
        params: scheduleParams,
        response: { 200: scheduleSchema },
      },
    },
    async (request) => findSchedule(ctx.database.db, request.principal.schoolId, request.params.id),
  );

  routes.put(
    '/api/v1/calendar/schedules/:id',
    {
      config: { access: 'timetable:change' },
      schema: {
        tags: ['calendar'],
        summary: 'Save a whole schedule; entries without an id are new',
        params: scheduleParams,
        body: scheduleInputSchema,
        response: { 200: scheduleSchema },
      },
    },
    async (request) => saveSchedule(ctx, request.principal, request.params.id, request.body),
  );

  routes.post(
    '/api/v1/calendar/schedules',
    {
      config: { access: 'timetable:change' },
      schema: {
        tags: ['calendar'],
        summary: 'Create a named schedule for a date range, empty or as a copy',
        body: scheduleCreateSchema,
        response: { 201: scheduleSchema },
      },
    },
    async (request, reply) => {
      const schedule = await createSchedule(ctx, request.principal, request.body);
      return reply.code(201).send(schedule);
    },
  );

  routes.delete(
    '/api/v1/calendar/schedules/:id',
    {
      config: { access: 'timetable:change' },
      schema: {
        tags: ['calendar'],
        summary: 'Delete a named schedule (the normal week cannot be deleted)',
        params: scheduleParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await removeSchedule(ctx, request.principal, request.params.id);
      return reply.code(204).send(null);
    },
  );
}
