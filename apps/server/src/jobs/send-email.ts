/**
 * The 'email.send' job: one finished message, sent with the configured SMTP server. A failure
 * (the server is away, refuses, or does not answer in time) throws, and the runner tries again
 * later; a message may then arrive twice if the server took it but the answer was lost, which
 * beats losing it.
 */
import type { AppContext } from '../context';
import { mailerFor } from '../mail/mail';
import type { JobInfo } from './job-runner';
import type { JobOutcome, JobPayloads } from './job-queue';

/** Well below the job's lease, so a hung connection fails this run instead of outliving its claim. */
const SEND_TIMEOUT_MS = 60_000;

export async function sendEmailJob(
  ctx: AppContext,
  payload: JobPayloads['email.send'],
  job: JobInfo,
): Promise<JobOutcome> {
  const mailer = mailerFor(ctx.config);
  if (!mailer) {
    // SMTP_URL was removed since the mail was queued: nobody can send it, so it is dropped.
    ctx.log.info({ jobId: job.id }, 'jobs: e-mail dropped, SMTP is no longer configured');
    return;
  }
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      mailer.send(payload),
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error('the SMTP server did not answer in time')),
          SEND_TIMEOUT_MS,
        );
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
