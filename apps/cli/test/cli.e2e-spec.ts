/**
 * The discovery CLI end to end against a running stack started from the
 * built output as the image starts it (after `npm run build`): an indexer
 * with token auth and a generator whose model is a scripted OpenAI-compatible
 * server, both on a test key prefix of the shared Redis.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { buildSchema, introspectionFromSchema } from 'graphql';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Redis } from 'ioredis';
import { generateToken, tokenEntry } from '@discovery/auth';
import {
  OpenAiScriptedServer,
  closeTestRedis,
  createTestRedis,
  deleteKeysByPrefix,
  freePort,
  submitReply,
  uniquePrefix,
  testRedisEnv,
} from '@discovery/testing';
import { startService, type RunningService } from '../../../test/deploy/service-process.js';
import { runWith, type CliRun } from './cli-harness.js';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const schema = join(root, 'test/fixtures/schemas/cosmo-demo.graphql');
const renamedRoots = join(root, 'test/fixtures/schemas/renamed-roots.graphql');
const token = generateToken();
const prefix = uniquePrefix('cli-e2e');
let redis: Redis;
let model: OpenAiScriptedServer;
let indexer: RunningService;
let generator: RunningService;
let url: string;
let dir: string;

const cli = (...args: string[]): Promise<CliRun> => runWith(args, { DISCOVERY_URL: url, DISCOVERY_TOKEN: token });

beforeAll(async () => {
  redis = createTestRedis();
  model = await OpenAiScriptedServer.start();
  dir = mkdtempSync(join(tmpdir(), 'cli-e2e-'));
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  const common = { LOG_LEVEL: 'warn', ...testRedisEnv(), REDIS_KEY_PREFIX: prefix, EMBEDDINGS_PROVIDER: 'none', SHUTDOWN_GRACE: '5s' };
  indexer = startService(root, 'indexer', { ...common, PORT: String(port), HOST: '127.0.0.1', DISCOVERY_TOKENS: tokenEntry('cli', token) });
  const metricsPort = await freePort();
  generator = startService(root, 'generator', {
    ...common,
    METRICS_PORT: String(metricsPort),
    METRICS_HOST: '127.0.0.1',
    OPENAI_BASE_URL: `${model.baseUrl}/v1`,
    OPENAI_API_KEY: 'test-key',
    LLM_MODEL: 'scripted',
  });
  await Promise.all([indexer.waitForHttp(`${url}/readyz`, 60_000), generator.waitForHttp(`http://127.0.0.1:${metricsPort}/readyz`, 60_000)]);
}, 120_000);

afterAll(async () => {
  await Promise.all([indexer?.stop(), generator?.stop()]);
  await model?.close();
  await deleteKeysByPrefix(redis, prefix, `{${prefix}`); // index keys, then BullMQ queues ({<prefix>jobs}:...)
  await closeTestRedis(redis);
  rmSync(dir, { recursive: true, force: true });
}, 60_000);

describe('discovery CLI against a running indexer and generator', () => {
  let indexId: string;

  it('index: builds the schema and reports its symbols', async () => {
    const result = await cli('index', schema, '--json');
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const index = JSON.parse(result.stdout) as { indexId: string; status: string; symbolCount: number };
    expect(index.status).toBe('ready');
    expect(index.symbolCount).toBeGreaterThan(20);
    indexId = index.indexId;
  }, 120_000);

  it('search and symbols read the index', async () => {
    const search = await cli('search', indexId, 'employees', '--kind', 'field', '--json');
    expect(search.code).toBe(0);
    const hits = (JSON.parse(search.stdout) as { hits: { coordinate: string }[] }).hits.map((h) => h.coordinate);
    expect(hits).toContain('field:Query.employees');
    const symbols = await cli('symbols', indexId, 'field:Query.employees', 'object:NoSuchType');
    expect(symbols.code).toBe(3);
    expect(symbols.stdout).toMatch(/^field:Query\.employees\n {2}\{/);
    const plain = await cli('symbols', indexId, 'Query.employees', 'Employee', '--json');
    expect(plain.code).toBe(0);
    const read = JSON.parse(plain.stdout) as { symbols: { coordinate: string }[]; missing: string[] };
    expect(read).toMatchObject({ symbols: [{ coordinate: 'field:Query.employees' }, { coordinate: 'object:Employee' }], missing: [] });
  });

  it('generate prints the validated operation and writes it with --out', async () => {
    model.push(submitReply([{ document: 'query { employees { id } }', description: 'Lists the ids of all employees.' }]));
    const out = join(dir, 'operations');
    const result = await cli('generate', indexId, 'the ids of all employees', '--out', out);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/employees \{\s+id\s+\}/);
    const file = result.stderr.match(/wrote (\S+\.graphql)/)?.[1];
    expect(file).toBeDefined();
    expect(readFileSync(file!, 'utf8')).toMatch(/^"""[\s\S]*"""\s*\nquery \w+/);
  }, 60_000);

  it('slice prints the schema slice for a topic within the budget', async () => {
    const human = await cli('slice', indexId, 'employees', 'current', 'mood', '--max-tokens', '400');
    expect(human.code).toBe(0);
    expect(human.stdout).toMatch(/type Query \{[^}]*employees/);
    expect(human.stdout).toContain('currentMood: Mood');
    expect(human.stderr).toMatch(/^\d+ tokens/);
    const json = await cli('slice', indexId, 'employees', '--json');
    const slice = JSON.parse(json.stdout) as { sdl: string; tokens: number; coordinates: string[]; truncated: boolean };
    expect(slice.tokens).toBeLessThanOrEqual(8000);
    expect(slice.coordinates).toContain('field:Query.employees');
    expect((await cli('slice', indexId, 'employees', '--max-tokens', '99999')).code).toBe(2);
  });

  it('spells roots one way in slice --root and search --root/--parent, whatever the roots are called (issue 26)', async () => {
    // One after another: a tenant may run TENANT_MAX_SLICES (2) slices at once.
    const slices = [];
    for (const r of ['mutation', 'Mutation', 'Mutations']) slices.push(await cli('slice', renamedRoots, 'create', 'an', 'app', '--root', r, '--json'));
    for (const slice of slices) {
      expect({ code: slice.code, stderr: slice.stderr }).toEqual({ code: 0, stderr: expect.stringMatching(/^\d+ tokens/) });
      expect((JSON.parse(slice.stdout) as { sdl: string }).sdl).toContain('createApp(input: CreateAppInput!)');
    }
    const wrong = await cli('slice', renamedRoots, 'app', '--root', 'Mutate');
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain("roots are query, mutation and subscription (any case), or this schema's root type names: Queries, Mutations");
    for (const args of [
      ['--parent', 'mutation'],
      ['--parent', 'Mutation'],
      ['--root', 'MUTATION', '--kind', 'field'],
    ]) {
      const search = await cli('search', renamedRoots, 'app', ...args, '--json');
      const hits = (JSON.parse(search.stdout) as { hits: { coordinate: string }[] }).hits.map((h) => h.coordinate);
      expect(hits).toContain('field:Mutations.createApp');
      expect(hits).not.toContain('field:Queries.app');
    }
  }, 60_000);

  it('indexes shows readable names; an introspection JSON file is read as introspection (issue 26)', async () => {
    const json = join(dir, 'countries.introspection.json');
    const countries = readFileSync(join(root, 'test/fixtures/schemas/countries.graphql'), 'utf8');
    writeFileSync(json, JSON.stringify({ data: introspectionFromSchema(buildSchema(countries)) }));
    const indexed = await cli('index', json, '--json');
    expect(indexed.code).toBe(0);
    expect(indexed.stderr).toContain('countries.introspection.json is an introspection result (JSON): read as introspection and printed as SDL.');
    expect((JSON.parse(indexed.stdout) as { symbolCount: number }).symbolCount).toBeGreaterThan(20);
    const list = await cli('indexes');
    expect(list.stdout).toMatch(/^NAME +INDEX +STATUS/);
    expect(list.stdout).toContain(json);
    expect(list.stdout).toContain(schema);
    const listed = JSON.parse((await cli('indexes', '--json')).stdout) as { indexes: { name?: string; indexId: string }[] };
    expect(listed.indexes.find((i) => i.indexId === indexId)?.name).toBe(schema);
  }, 60_000);

  it('indexes lists and deletes; the deleted index is not found', async () => {
    expect((await cli('indexes')).stdout).toContain(indexId);
    expect((await cli('indexes', 'delete', indexId)).code).toBe(0);
    expect((await cli('search', indexId, 'employees')).code).toBe(3);
  });

  it('a token the indexer does not know is exit code 4', async () => {
    const result = await runWith(['indexes'], { DISCOVERY_URL: url, DISCOVERY_TOKEN: generateToken() });
    expect(result.code).toBe(4);
  });
});
