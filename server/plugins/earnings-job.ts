/**
 * Runs the earnings job (jobs/earnings.ts) once the server listens and then every
 * EARNINGS_INTERVAL_MINUTES, unless EARNINGS_JOB=off. Several API instances may run it at
 * once: the database makes every credit happen once. Tests never listen, so they call
 * the job themselves with the date they want.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { runEarningsJob } from '../jobs/earnings.ts';

async function earningsJob(app: FastifyInstance): Promise<void> {
  const { earningsJob: enabled, earningsIntervalMinutes } = app.config.mining;
  if (!enabled) return;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;

  const run = () => {
    // A run that outlasts the interval is not started twice in one process.
    if (running) return;
    running = runEarningsJob(app.db, { now: app.clock.now() })
      .then((summary) => app.log.info({ earnings: summary }, 'earnings job done'))
      .catch((error: unknown) => app.log.error({ err: error }, 'earnings job failed'))
      .finally(() => {
        running = null;
      });
  };

  app.addHook('onListen', async () => {
    run();
    timer = setInterval(run, earningsIntervalMinutes * 60_000);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}

export default fp(earningsJob, { name: 'earnings-job', dependencies: ['config', 'db', 'clock'] });
