/**
 * A BullMQ worker in its own process for the killed-worker test: it takes a job,
 * says so on stdout, and never finishes it, until the test kills it (SIGKILL).
 * Usage: node --import ./register-ts.mjs killable-worker.child.ts <redisUrl> <prefix> <queue> <lockMs>
 */
import { BullmqJobQueue } from '../src/bullmq/bullmq-job.queue.ts';

const [url, prefix, name, lockMs] = process.argv.slice(2);
if (!url || !prefix || !name || !lockMs) throw new Error('usage: <redisUrl> <prefix> <queue> <lockMs>');
const queue = new BullmqJobQueue<unknown, string>(name, {
  connection: { url, mode: url.includes(',') ? 'cluster' : 'standalone', name: 'killable-worker' },
  prefix,
  lockDurationMs: Number(lockMs),
  stalledIntervalMs: Number(lockMs),
});
await queue.process(async (_data, ctx) => {
  process.stdout.write(`started ${ctx.jobId} attempt ${ctx.attempt}\n`);
  return new Promise<string>(() => undefined);
});
process.stdout.write('ready\n');
