/**
 * The generator through the real queue: BullMQ on the shared Redis (unique
 * prefix), the generator app started in process, the indexer's
 * GenerationClient as producer, and a scripted OpenAI-compatible model.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { loadGeneratorConfig } from '@discovery/config';
import type { GenerationClient } from '@discovery/discovery';
import type { Storage } from '@discovery/storage';
import { OpenAiScriptedServer, closeTestRedis, createTestRedis, deleteKeysByPrefix, submitReply, toolCallReply, uniquePrefix } from '@discovery/testing';
import type { Redis } from 'ioredis';
import { startGenerator } from '../src/main.js';
import { COSMO_SDL, expectAllValid, generatorEnv, producer, putReadyIndex } from './generator-harness.js';

const prefix = uniquePrefix('gen-int');
const EMPLOYEES = 'query { employees { id details { forename surname } currentMood } }';
let redis: Redis;
let model: OpenAiScriptedServer;
let app: { close(): Promise<unknown> };
let metricsPort: number;
let closeApp: () => Promise<void>;
let side: { storage: Storage; client: GenerationClient };
let indexId: string;

beforeAll(async () => {
  redis = createTestRedis();
  model = await OpenAiScriptedServer.start();
  const config = loadGeneratorConfig(
    generatorEnv(prefix, model.baseUrl, { GENERATE_MAX_TURNS: '3', GENERATE_TIMEOUT: '4s', LLM_TIMEOUT: '1s', GENERATE_CONCURRENCY: '2' }),
  );
  ({ metricsPort, close: closeApp } = await startGenerator(config));
  app = { close: closeApp };
  side = producer(prefix, 4000);
  indexId = await putReadyIndex(side.storage, COSMO_SDL);
}, 60_000);

afterEach(() => {
  expect(model.remaining).toBe(0);
});

afterAll(async () => {
  await app?.close();
  await side?.storage.close();
  await model?.close();
  await deleteKeysByPrefix(redis, prefix);
  await closeTestRedis(redis);
}, 30_000);

describe('generator through the queue', () => {
  it('a straight answer', async () => {
    model.push(submitReply([{ document: EMPLOYEES, description: 'Employees with names and mood.' }]));
    const resolution = await side.client.generate(indexId, 'list all employees with their id, first name, last name and current mood');
    expect(resolution.truncated).toBe(false);
    expect(resolution.queries.map((q) => q.operationName)).toEqual(['GetEmployees']);
    expectAllValid(resolution, COSMO_SDL);
  });

  it('hands the model the composed draft as its starting candidate', async () => {
    const before = model.completionCalls;
    model.push(submitReply([{ document: 'query { employee(id: 3) { id currentMood } }', description: 'Mood of employee 3.' }]));
    const resolution = await side.client.generate(indexId, 'the current mood of employee 3');
    expect(resolution.queries).toHaveLength(1);
    const body = model.chatRequests[before]?.body as { messages: { role: string; content: string }[] };
    // The draft as the rules ask: the value as a literal (it becomes a variable afterwards).
    const draft = /<draft>\n([\s\S]*)\n<\/draft>/.exec(body.messages[1]!.content)?.[1];
    expect(draft).toMatch(/employee\(id: 3\)\s*\{[^}]*currentMood/);
  });

  it('an invalid operation repaired on the second turn', async () => {
    model.push(submitReply([{ document: '{ employees { id mood } }', description: 'x' }]), submitReply([{ document: EMPLOYEES, description: 'x' }]));
    const resolution = await side.client.generate(indexId, 'employees and their mood (repair)');
    expect(resolution.queries).toHaveLength(1);
    expectAllValid(resolution, COSMO_SDL);
  });

  it('a literal lifted into a variable with the schema default', async () => {
    model.push(submitReply([{ document: '{ bigResponse(nestedObjects: 7) { __typename } }', description: 'Big.' }]));
    const resolution = await side.client.generate(indexId, 'a big response with 7 nested objects');
    expect(resolution.queries[0]?.document).toContain('$nestedObjects: Int! = 100');
    expectAllValid(resolution, COSMO_SDL);
  });

  it('an unanswerable prompt', async () => {
    model.push(submitReply([], ['The schema has no payroll data.']));
    expect(await side.client.generate(indexId, 'payroll of each employee')).toEqual({
      queries: [],
      unsatisfied: ['The schema has no payroll data.'],
      truncated: false,
    });
  });

  it("the turn limit reached (truncated): the composer's answer, marked as the fallback", async () => {
    const search = toolCallReply('search_schema', { query: 'employee' });
    model.push(search, search, search);
    const resolution = await side.client.generate(indexId, 'keeps searching forever');
    expect(resolution).toMatchObject({ truncated: true, fallback: true });
    expectAllValid(resolution, COSMO_SDL);
  });

  it('a 429 then success', async () => {
    model.push({ kind: 'status', status: 429, headers: { 'retry-after': '0' } }, submitReply([{ document: EMPLOYEES, description: 'x' }]));
    const resolution = await side.client.generate(indexId, 'employees after a rate limit');
    expect(resolution.queries).toHaveLength(1);
    expectAllValid(resolution, COSMO_SDL);
  });

  it('a model timeout ends as truncated within GENERATE_TIMEOUT', async () => {
    model.push({ kind: 'hang' }, { kind: 'hang' }, { kind: 'hang' }, { kind: 'hang' }, { kind: 'hang' });
    const resolution = await side.client.generate(indexId, 'employees from a hanging model');
    expect(resolution).toMatchObject({ truncated: true, fallback: true });
    expect(resolution.queries[0]?.document).toMatch(/employees/);
    model.clear(); // how many hanging calls fit in the budget depends on timing
  }, 15_000);

  it('two identical concurrent requests make one model call', async () => {
    model.push({ ...submitReply([{ document: EMPLOYEES, description: 'x' }]), delayMs: 300 });
    const before = model.completionCalls;
    const [a, b] = await Promise.all([side.client.generate(indexId, 'Employees   in parallel'), side.client.generate(indexId, 'employees in parallel')]);
    expect(a).toEqual(b);
    expect(model.completionCalls - before).toBe(1);
  });

  it('the cache answers a repeated prompt without the model', async () => {
    model.push(submitReply([{ document: EMPLOYEES, description: 'x' }]));
    const first = await side.client.generate(indexId, 'employees, cached');
    const calls = model.completionCalls;
    const second = await side.client.generate(indexId, 'Employees,   cached');
    expect(second).toEqual(first);
    expect(model.completionCalls).toBe(calls);
  });

  it('serves /healthz, /readyz and /metrics with generation metrics', async () => {
    const base = `http://127.0.0.1:${metricsPort}`;
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
    const metrics = await (await fetch(`${base}/metrics`)).text();
    expect(metrics).toMatch(/discovery_model_calls_total\{[^}]*model="scripted"/);
    expect(metrics).toContain('queue="generate-query"');
  });
});
