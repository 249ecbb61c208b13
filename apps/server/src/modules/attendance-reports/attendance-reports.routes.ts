import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { attendanceReportSchema, mySummarySchema, reportQuerySchema } from '@tun/shared';
import { attendanceReport, attendanceReportCsv, myAttendanceSummary } from './attendance-reports.service';
import { sendDownload } from '../../http/download';

const RANGE_NOTE =
  'Dates are days at the school (YYYY-MM-DD, both included); without them the school year ' +
  '(1 August to 31 July, decision 012) around today. At most a year; 400 when `to` is before `from`.';

/** Attendance reports: the school's (for staff who take attendance) and one's own. */
export async function attendanceReportsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const database = ctx.database;

  routes.get(
    '/api/v1/attendance/report',
    {
      config: { access: 'absence:change' },
      schema: {
        tags: ['attendance'],
        summary: 'Minutes of mandatory events per student, per line and per ISO week, with the 90 % flag',
        description:
          `${RANGE_NOTE} Percent = attended ÷ expected minutes; justified leave counts as absence. ` +
          'Per student also absence days and hours (decision 027): a school day is an absence day when ' +
          'the minutes missed reach the school’s `absenceDayPercent` of it; other missed minutes count as hours.',
        querystring: reportQuerySchema,
        response: { 200: attendanceReportSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return attendanceReport(database, request.principal.schoolId, request.query);
    },
  );

  routes.get(
    '/api/v1/attendance/report.csv',
    {
      config: { access: 'absence:change' },
      schema: {
        tags: ['attendance'],
        summary: 'The report’s students as CSV for the school register (Navi/WIS) and Excel',
        description: `${RANGE_NOTE} Semicolon-separated UTF-8 with BOM; the columns are listed in README.md («Attendance report CSV»).`,
        querystring: reportQuerySchema,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const file = await attendanceReportCsv(database, request.principal.schoolId, request.query);
      return sendDownload(reply, { ...file, contentType: 'text/csv; charset=utf-8' });
    },
  );

  routes.get(
    '/api/v1/attendance/me/summary',
    {
      // Students and scholars see their own absence (SPEC §6): this answers for the caller only.
      config: { access: 'absence:view' },
      schema: {
        tags: ['attendance'],
        summary: 'The signed-in person’s attendance for the school year and their last eight weeks',
        response: { 200: mySummarySchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const { schoolId, personId } = request.principal;
      return myAttendanceSummary(database, schoolId, personId);
    },
  );
}
