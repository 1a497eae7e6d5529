/**
 * `discovery generate` when the language model refuses, end to end: built indexer and generator on
 * the shared Redis (test key prefix), the generator's model a scripted llama.cpp server. The CLI
 * names the refusal and never says it cannot reach the discovery service (issue 27: it did, for a
 * model's HTTP 400); an answer the model gives after the refusal passes through as usual.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Redis } from 'ioredis';
import { generateToken, tokenEntry } from '@discovery/auth';
import {
  closeTestRedis,
  createTestRedis,
  deleteKeysByPrefix,
  freePort,
  OpenAiScriptedServer,
  submitReply,
  testRedisEnv,
  uniquePrefix,
} from '@discovery/testing';
import { startService, type RunningService } from '../../../test/deploy/service-process.js';
import { runWith } from './cli-harness.js';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const schema = join(root, 'test/fixtures/schemas/cosmo-demo.graphql');
const token = generateToken();
const prefix = uniquePrefix('model-refusal-e2e');
let redis: Redis;
let model: OpenAiScriptedServer;
const services: RunningService[] = [];
let url: string;

beforeAll(async () => {
  redis = createTestRedis();
  model = await OpenAiScriptedServer.start([], { kind: 'llamacpp', contextTokens: 8192 });
  const port = await freePort();
  const metricsPort = await freePort();
  url = `http://127.0.0.1:${port}`;
  const common = { LOG_LEVEL: 'warn', ...testRedisEnv(), REDIS_KEY_PREFIX: prefix, EMBEDDINGS_PROVIDER: 'none', SHUTDOWN_GRACE: '5s' };
  services.push(startService(root, 'indexer', { ...common, PORT: String(port), HOST: '127.0.0.1', DISCOVERY_TOKENS: tokenEntry('acme', token) }));
  services.push(
    startService(root, 'generator', {
      ...common,
      METRICS_PORT: String(metricsPort),
      METRICS_HOST: '127.0.0.1',
      OPENAI_BASE_URL: model.baseUrl,
      LLM_MODEL: 'qwen2.5-coder-1.5b',
      GENERATE_TIMEOUT: '20s',
    }),
  );
  await services[0]!.waitForHttp(`${url}/readyz`, 60_000);
  await services[1]!.waitForHttp(`http://127.0.0.1:${metricsPort}/readyz`, 60_000);
}, 120_000);

afterAll(async () => {
  await Promise.all(services.map((service) => service.stop()));
  await model?.close();
  await deleteKeysByPrefix(redis, prefix, `{${prefix}`);
  await closeTestRedis(redis);
}, 60_000);

const cli = (...args: string[]) => runWith(args, { DISCOVERY_URL: url, DISCOVERY_TOKEN: token });

describe('discovery generate when the model refuses', () => {
  it('names an API key the endpoint rejects, and does not call the service unreachable', async () => {
    model.push({ kind: 'status', status: 401, body: { error: { code: 401, message: 'Invalid API Key', type: 'authentication_error' } } });
    const result = await cli('generate', schema, 'the', 'current', 'mood', 'of', 'employee', '3');
    expect(result.stderr).not.toMatch(/cannot reach/);
    expect(result.stderr).toMatch(
      new RegExp(`the discovery service at ${url} answered, but its language model failed: the model endpoint rejected the API key`),
    );
    expect(result.code).toBe(1);
  }, 120_000);

  it('names an endpoint that keeps failing, then passes a real answer through with max_tokens set and the window read from /props', async () => {
    for (let i = 0; i < 5; i += 1) model.push({ kind: 'status', status: 503 });
    const failing = await cli('generate', schema, 'all', 'employees', 'and', 'their', 'mood');
    expect(failing.stderr).toMatch(/answered, but its language model failed: the model endpoint is failing \(server error\)/);
    model.push(submitReply([{ document: 'query { employee(id: 3) { currentMood } }', description: 'Mood of one employee.' }]));
    const answered = await cli('generate', schema, 'the', 'mood', 'of', 'employee', '3');
    expect(answered.code).toBe(0);
    expect(answered.stdout).toMatch(/currentMood/);
    expect(model.chatRequests.at(-1)?.body?.['max_tokens']).toBe(1024);
    expect(model.requests.some((request) => request.path === '/props')).toBe(true);
  }, 120_000);
});
