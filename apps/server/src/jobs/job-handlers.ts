/**
 * What runs each kind of job. A new kind is added to JobPayloads (job-queue.ts) and here; the
 * type makes a missing handler a compile error.
 */
import { runAttendanceWarningsJob } from '../modules/attendance-warnings/attendance-warnings.service';
import { runRoundJob } from '../modules/maintenance/rounds.service';
import { expirePostJob, publishPostJob } from '../modules/posts/posts.service';
import { sendPushJob } from '../modules/push/push.service';
import type { JobHandlers } from './job-runner';
import { sendEmailJob } from './send-email';

export const JOB_HANDLERS: JobHandlers = {
  'email.send': sendEmailJob,
  'post.publish': publishPostJob,
  'post.expire': expirePostJob,
  'push.send': sendPushJob,
  'maintenance.round': runRoundJob,
  'attendance.warnings': runAttendanceWarningsJob,
};
