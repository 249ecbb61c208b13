import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  attendanceHistorySchema,
  attendanceRecordSchema,
  attendanceSheetInputSchema,
  canAll,
  attendanceSheetSchema,
  dateRangeQuerySchema,
  isoDateSchema,
  mayChangeSheet,
  preliminaryDayInputSchema,
  preliminaryInputSchema,
  preliminaryListSchema,
  schoolDatesToInstants,
  idSchema,
  eventIdSchema,
} from '@tun/shared';
import type { AppContext } from '../../context';
import { createAnswerCache, replyWithAnswer } from '../../live/answer-cache';
import { CALENDAR_BASE_TOPICS } from '../calendar/calendar-cache';
import {
  attendanceSheet,
  attendanceSheetJson,
  listPreliminary,
  recordsOfLine,
  recordHistory,
  recordsOfStudent,
  registerPreliminary,
  registerPreliminaryDay,
  removePreliminary,
  removePreliminaryDay,
  saveSheet,
} from './attendance.service';

const eventParams = z.object({ eventId: eventIdSchema });
const idParams = z.object({ id: idSchema });

export async function attendanceRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx.database;
  // A sheet follows its event (calendar), who is expected (people, lines, electives, groups),
  // the names it carries (people, rooms, lines, electives, groups), records and absence
  // registered in advance, and leave (its settings say whether a category is valid absence).
  // Records are announced by event, so a save or a scan drops that event's sheets only, not every
  // sheet of the school.
  const answers = createAnswerCache(
    ctx.live,
    'attendance',
    new Set([...CALENDAR_BASE_TOPICS, 'people', 'attendance', 'preliminaryAbsence', 'leave']),
    { byId: new Set(['attendance']) },
  );
  app.addHook('onClose', async () => answers.stop());
  // Who is expected at a sheet and the names it shows, kept apart: they change with people,
  // memberships and names only, while every save and scan lets the sheets themselves go.
  const members = createAnswerCache(
    ctx.live,
    'attendance-members',
    new Set(['people', 'rooms', 'lines', 'electives', 'groups']),
  );
  // The event and its absence in advance, kept apart for the same reason: a save changes neither.
  const events = createAnswerCache(
    ctx.live,
    'attendance-event',
    new Set([...CALENDAR_BASE_TOPICS, 'people', 'preliminaryAbsence', 'leave']),
  );
  const sheetParts = { members, events };
  app.addHook('onClose', async () => {
    members.stop();
    events.stop();
  });

  routes.get(
    '/api/v1/attendance/events/:eventId',
    {
      // Students and scholars get their own row only.
      config: { access: 'absence:view' },
      schema: {
        tags: ['attendance'],
        summary:
          'The attendance sheet of an event: expected students, records, absence registered in advance',
        params: eventParams,
        response: { 200: attendanceSheetSchema, 304: z.null() },
      },
    },
    async (request, reply) => {
      const { principal } = request;
      // Whole sheets for staff, one's own row for the others, and whether they may save it:
      // the kept answer and its ETag are per variant (decision 017).
      const viewer = canAll(principal.roles, 'absence:view') ? 'all' : principal.personId;
      const variant = `${viewer}|${mayChangeSheet(principal) ? 'change' : 'view'}`;
      return replyWithAnswer(
        answers,
        request,
        reply,
        principal.schoolId,
        request.url,
        () => attendanceSheetJson(db, principal, request.params.eventId, sheetParts),
        variant,
        [request.params.eventId],
      );
    },
  );

  routes.put(
    '/api/v1/attendance/events/:eventId',
    {
      config: { access: 'absence:change' },
      schema: {
        tags: ['attendance'],
        summary: 'Save the sheet: every student listed, those not listed lose their record; one transaction',
        params: eventParams,
        body: attendanceSheetInputSchema,
        response: { 200: attendanceSheetSchema },
      },
    },
    async (request) => {
      await saveSheet(ctx, request.principal, request.params.eventId, request.body);
      return attendanceSheet(db, request.principal, request.params.eventId, sheetParts);
    },
  );

  routes.get(
    '/api/v1/attendance/events/:eventId/students/:studentId/history',
    {
      // Students and scholars: their own record only.
      config: { access: 'absence:view' },
      schema: {
        tags: ['attendance'],
        summary: "Every change of a student's record for an event: who, when, before and after",
        params: eventParams.extend({ studentId: idSchema }),
        response: { 200: attendanceHistorySchema },
      },
    },
    async (request) => recordHistory(db, request.principal, request.params.eventId, request.params.studentId),
  );

  routes.get(
    '/api/v1/attendance/students/:id',
    {
      config: { access: 'absence:view' },
      schema: {
        tags: ['attendance'],
        summary: "A student's records in a range of school dates (students: their own)",
        params: idParams,
        querystring: dateRangeQuerySchema,
        response: { 200: z.array(attendanceRecordSchema) },
      },
    },
    async (request) =>
      recordsOfStudent(
        db,
        request.principal,
        request.params.id,
        schoolDatesToInstants(request.query.from, request.query.to),
      ),
  );

  routes.get(
    '/api/v1/attendance/lines/:id',
    {
      config: { access: 'absence:change' },
      schema: {
        tags: ['attendance'],
        summary: "The records of a line's students in a range of school dates",
        params: idParams,
        querystring: dateRangeQuerySchema,
        response: { 200: z.array(attendanceRecordSchema) },
      },
    },
    async (request) =>
      recordsOfLine(
        db,
        request.principal.schoolId,
        request.params.id,
        schoolDatesToInstants(request.query.from, request.query.to),
      ),
  );

  routes.get(
    '/api/v1/attendance/preliminary',
    {
      config: { access: 'preliminaryAbsence:view' },
      schema: {
        tags: ['attendance'],
        summary: 'Absence registered in advance, per event and per day, in a range of school dates',
        querystring: dateRangeQuerySchema.and(z.object({ studentId: idSchema.optional() })),
        response: { 200: preliminaryListSchema },
      },
    },
    async (request) => listPreliminary(db, request.principal.schoolId, request.query),
  );

  routes.put(
    '/api/v1/attendance/preliminary',
    {
      config: { access: 'preliminaryAbsence:change' },
      schema: {
        tags: ['attendance'],
        summary: "Register a student's absence from an event in advance (or change it)",
        body: preliminaryInputSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await registerPreliminary(ctx, request.principal, request.body);
      return reply.code(204).send(null);
    },
  );

  routes.delete(
    '/api/v1/attendance/preliminary/:eventId/:studentId',
    {
      config: { access: 'preliminaryAbsence:change' },
      schema: {
        tags: ['attendance'],
        summary: 'Remove absence registered in advance for an event',
        params: eventParams.extend({ studentId: idSchema }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await removePreliminary(ctx, request.principal, request.params.eventId, request.params.studentId);
      return reply.code(204).send(null);
    },
  );

  routes.put(
    '/api/v1/attendance/preliminary-days',
    {
      config: { access: 'preliminaryAbsence:change' },
      schema: {
        tags: ['attendance'],
        summary: "Register a student's absence for a whole day in advance (or change it)",
        body: preliminaryDayInputSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await registerPreliminaryDay(ctx, request.principal, request.body);
      return reply.code(204).send(null);
    },
  );

  routes.delete(
    '/api/v1/attendance/preliminary-days/:date/:studentId',
    {
      config: { access: 'preliminaryAbsence:change' },
      schema: {
        tags: ['attendance'],
        summary: 'Remove absence registered in advance for a day',
        params: z.object({ date: isoDateSchema, studentId: idSchema }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await removePreliminaryDay(ctx, request.principal, request.params.date, request.params.studentId);
      return reply.code(204).send(null);
    },
  );
}
