/**
 * generate_query without a model and the demand report, end to end against
 * built services on the shared Redis (test key prefix): an indexer with two
 * tenants' tokens and, once the missing-worker answer is checked, a generator
 * with no model configured. The unsatisfied reason of a composed answer is
 * read back through discovery.v1 GetDemand and `discovery demand`, for the
 * asking tenant only.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Code, ConnectError, createClient } from '@connectrpc/connect';
import { createConnectTransport } from '@connectrpc/connect-node';
import type { Redis } from 'ioredis';
import { generateToken, tokenEntry } from '@discovery/auth';
import { COMPOSED_HEADER, DiscoveryService, ERROR_REASON_HEADER, NO_GENERATOR_WORKER } from '@discovery/proto';
import { closeTestRedis, createTestRedis, deleteKeysByPrefix, freePort, readMetric, uniquePrefix, yokoClient, testRedisEnv } from '@discovery/testing';
import { startService, type RunningService } from '../../../test/deploy/service-process.js';
import { runWith, type CliRun } from './cli-harness.js';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const schema = join(root, 'test/fixtures/schemas/cosmo-demo.graphql');
const acme = generateToken();
const globex = generateToken();
const prefix = uniquePrefix('demand-e2e');
const common = { LOG_LEVEL: 'warn', ...testRedisEnv(), REDIS_KEY_PREFIX: prefix, EMBEDDINGS_PROVIDER: 'none', SHUTDOWN_GRACE: '5s' };
let redis: Redis;
let indexer: RunningService;
let generator: RunningService | undefined;
let url: string;
let indexId: string;

const cli = (token: string, ...args: string[]): Promise<CliRun> => runWith(args, { DISCOVERY_URL: url, DISCOVERY_TOKEN: token });

function demandClient(token: string) {
  return createClient(
    DiscoveryService,
    createConnectTransport({
      baseUrl: url,
      httpVersion: '1.1',
      interceptors: [
        (next) => (request) => {
          request.header.set('Authorization', `Bearer ${token}`);
          return next(request);
        },
      ],
    }),
  );
}

beforeAll(async () => {
  redis = createTestRedis();
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  indexer = startService(root, 'indexer', {
    ...common,
    PORT: String(port),
    HOST: '127.0.0.1',
    DISCOVERY_TOKENS: [tokenEntry('acme', acme), tokenEntry('globex', globex)].join(','),
  });
  await indexer.waitForHttp(`${url}/readyz`, 60_000);
  const index = await cli(acme, 'index', schema, '--json');
  expect(index.code).toBe(0);
  indexId = (JSON.parse(index.stdout) as { indexId: string }).indexId;
}, 120_000);

afterAll(async () => {
  await Promise.all([indexer?.stop(), generator?.stop()]);
  await deleteKeysByPrefix(redis, prefix, `{${prefix}`);
  await closeTestRedis(redis);
}, 60_000);

describe('generation without a model, and the demand report', () => {
  it('answers unavailable at once, naming the missing generator worker, when none consumes the queue', async () => {
    const error = await yokoClient(url, acme)
      .generateQuery({ indexId, prompt: 'the current mood of employee 3' }, { timeoutMs: 10_000 })
      .catch((e: unknown) => ConnectError.from(e));
    expect(error).toBeInstanceOf(ConnectError);
    expect((error as ConnectError).code).toBe(Code.Unavailable);
    expect((error as ConnectError).rawMessage).toMatch(/No generator worker consumes the generation queue/);
    expect((error as ConnectError).metadata.get(ERROR_REASON_HEADER)).toBe(NO_GENERATOR_WORKER);
  }, 30_000);

  it('composes the operation through the queue when the generator has no model, and counts what the schema lacks', async () => {
    const metricsPort = await freePort();
    generator = startService(root, 'generator', { ...common, METRICS_PORT: String(metricsPort), METRICS_HOST: '127.0.0.1' });
    await generator.waitForHttp(`http://127.0.0.1:${metricsPort}/readyz`, 60_000);
    let composed: string | null = null;
    const generated = await yokoClient(url, acme).generateQuery(
      { indexId, prompt: 'the current mood and the salary of employee 3' },
      {
        timeoutMs: 30_000,
        onHeader: (header) => {
          composed = header.get(COMPOSED_HEADER);
        },
      },
    );
    expect(composed).toBe('no-model');
    const [query] = generated.resolution?.queries ?? [];
    expect(query?.document).toMatch(/employee\(id: \$id\)/);
    expect(query?.document).toMatch(/currentMood/);
    expect(generated.resolution?.unsatisfied.map((u) => u.reason)).toEqual(['The schema has no field for "salary".']);
    // /metrics is unauthenticated: counted over every index, naming none (issue 23 finding 8).
    expect(await readMetric(url, 'discovery_generate_unsatisfied_total')).toBe(1);
    const exposition = await (await fetch(`${url}/metrics`)).text();
    expect(exposition).not.toContain(indexId.slice('sha256:'.length));
  }, 90_000);

  it('reads the reason back through GetDemand and `discovery demand`, for the asking tenant only', async () => {
    const { entries } = await demandClient(acme).getDemand({ indexId, limit: 0 });
    expect(entries.map((e) => [e.reason, Number(e.count)])).toEqual([['The schema has no field for "salary"', 1]]);
    expect(Number(entries[0]!.lastSeen?.seconds)).toBeGreaterThan(0);

    const fromCli = await cli(acme, 'demand', indexId, '--json');
    expect(fromCli.code).toBe(0);
    expect((JSON.parse(fromCli.stdout) as { demand: { reason: string; count: number }[] }).demand).toEqual([
      expect.objectContaining({ reason: 'The schema has no field for "salary"', count: 1 }),
    ]);
    expect((await cli(acme, 'demand', indexId)).stdout).toMatch(/COUNT\s+LAST SEEN\s+REASON\n1\s+\S+\s+The schema has no field for "salary"/);

    const notYours = await demandClient(globex)
      .getDemand({ indexId, limit: 0 })
      .catch((e: unknown) => ConnectError.from(e));
    expect((notYours as ConnectError).code).toBe(Code.NotFound);
    expect((await cli(globex, 'index', schema)).code).toBe(0);
    expect((await demandClient(globex).getDemand({ indexId, limit: 0 })).entries).toEqual([]);
    const globexCli = await cli(globex, 'demand', schema, '--json');
    expect((JSON.parse(globexCli.stdout) as { demand: unknown[] }).demand).toEqual([]);
  }, 60_000);
});
