/**
 * The generator as the image runs it (built output, `docker/entrypoint.sh
 * generator`, after `npm run build`), on a test prefix of the shared Redis:
 * a worker killed mid-job has its job finished by another worker, and SIGTERM
 * shuts a worker down cleanly.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { fileURLToPath } from 'node:url';
import type { Redis } from 'ioredis';
import type { GenerationClient } from '@discovery/discovery';
import type { Storage } from '@discovery/storage';
import { OpenAiScriptedServer, closeTestRedis, createTestRedis, deleteKeysByPrefix, freePort, submitReply, uniquePrefix, waitFor } from '@discovery/testing';
import { startService, type RunningService } from '../../../test/deploy/service-process.js';
import { COSMO_SDL, expectAllValid, generatorEnv, producer, putReadyIndex } from './generator-harness.js';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const prefix = uniquePrefix('gen-e2e');
const EMPLOYEES = 'query { employees { id details { forename surname } currentMood } }';
let redis: Redis;
let model: OpenAiScriptedServer;
let side: { storage: Storage; client: GenerationClient };
let indexId: string;
const started: RunningService[] = [];

async function startWorker(extra: Record<string, string> = {}): Promise<RunningService> {
  const port = await freePort();
  const worker = startService(
    root,
    'generator',
    generatorEnv(prefix, model.baseUrl, { METRICS_PORT: String(port), GENERATE_TIMEOUT: '60s', LLM_TIMEOUT: '30s', ...extra }),
  );
  started.push(worker);
  await worker.waitForHttp(`http://127.0.0.1:${port}/readyz`, 60_000);
  return worker;
}

function exitOf(worker: RunningService): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (worker.child.exitCode !== null || worker.child.signalCode !== null) {
    return Promise.resolve({ code: worker.child.exitCode, signal: worker.child.signalCode });
  }
  return new Promise((resolve) => worker.child.once('exit', (code, signal) => resolve({ code, signal })));
}

beforeAll(async () => {
  redis = createTestRedis();
  model = await OpenAiScriptedServer.start();
  side = producer(prefix, 60_000);
  indexId = await putReadyIndex(side.storage, COSMO_SDL);
}, 60_000);

afterAll(async () => {
  for (const worker of started) {
    if (worker.child.exitCode === null && worker.child.signalCode === null) worker.child.kill('SIGKILL');
  }
  await side?.storage.close();
  await model?.close();
  await deleteKeysByPrefix(redis, prefix);
  await closeTestRedis(redis);
}, 30_000);

describe('generator processes', () => {
  it('finishes the job of a worker killed mid-job on another worker', async () => {
    // The first model call (worker A's) answers only after A is gone; the second (B's) at once.
    model.push({ ...submitReply([{ document: EMPLOYEES, description: 'Employees.' }]), delayMs: 20_000 });
    model.push(submitReply([{ document: EMPLOYEES, description: 'Employees.' }]));
    const first = await startWorker();
    const pending = side.client.generate(indexId, 'employees, whatever happens to the worker');
    await waitFor(() => model.completionCalls >= 1, 30_000, 'worker A to call the model');
    const killed = exitOf(first);
    first.child.kill('SIGKILL');
    expect((await killed).signal).toBe('SIGKILL');
    await startWorker();
    const resolution = await pending;
    expect(resolution.queries.map((query) => query.operationName)).toEqual(['GetEmployees']);
    expect(resolution.truncated).toBe(false);
    expectAllValid(resolution, COSMO_SDL);
    expect(model.completionCalls).toBe(2);
  }, 120_000);

  it('shuts down on SIGTERM after closing the queue and connections', async () => {
    const worker = await startWorker({ LOG_LEVEL: 'info' });
    const ended = exitOf(worker);
    worker.child.kill('SIGTERM');
    // The host runs every shutdown step, then re-raises the signal.
    expect(await ended).toEqual({ code: null, signal: 'SIGTERM' });
    expect(worker.output()).toContain('"msg":"generator shutting down"');
    expect(worker.output()).toContain('"msg":"generator stopped"');
  }, 60_000);
});
