/**
 * A BullMQ worker in its own process whose handler blocks its event loop
 * (a long synchronous stage, as a composer or slicer on hostile input did:
 * issue 23 finding 3). It holds the job's lock for `holdMs` first (when the
 * queue offers it), busy-waits `blockMs`, says so and returns.
 * Usage: node --import ./register-ts.mjs blocking-worker.child.ts <redisUrl> <prefix> <queue> <lockMs> <holdMs> <blockMs>
 */
import { BullmqJobQueue } from '../src/bullmq/bullmq-job.queue.ts';

const [url, prefix, name, lockMs, holdMs, blockMs] = process.argv.slice(2);
if (!url || !prefix || !name || !lockMs || !holdMs || !blockMs) throw new Error('usage: <redisUrl> <prefix> <queue> <lockMs> <holdMs> <blockMs>');
const queue = new BullmqJobQueue<unknown, string>(name, {
  connection: { url, mode: url.includes(',') ? 'cluster' : 'standalone', name: 'blocking-worker' },
  prefix,
  lockDurationMs: Number(lockMs),
  stalledIntervalMs: Number(lockMs),
  attempts: 1,
});
await queue.process(async (_data, ctx) => {
  process.stdout.write(`started ${ctx.jobId} attempt ${ctx.attempt}\n`);
  if (Number(holdMs) > 0) await ctx.holdLock?.(Number(holdMs));
  const end = Date.now() + Number(blockMs);
  while (Date.now() < end) {
    // blocked: no timer runs, no lock is renewed
  }
  process.stdout.write(`unblocked ${ctx.jobId}\n`);
  return 'finished by the blocked worker';
});
process.stdout.write('ready\n');
