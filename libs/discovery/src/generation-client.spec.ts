/**
 * GenerationClient over the in-process queue and the memory result cache:
 * prompt checks, one job per (index, normalized prompt), caching of complete
 * answers only, and the mapping of job outcomes to GenerationError codes.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { InProcessJobQueue, MemoryIndexStore, MemoryResultCache } from '@discovery/storage';
import {
  GenerationError,
  generationJobId,
  normalizePrompt,
  type GenerateJobData,
  type GenerateJobResult,
  type Resolution,
} from '@discovery/generation/contract';
import { GenerationClient } from './generation-client.js';

const INDEX = `sha256:${'a'.repeat(64)}`;
const ANSWER: Resolution = {
  queries: [{ description: 'd', document: 'query A { a }', operationName: 'A', operationType: 'query', variablesSchema: { type: 'object' } }],
  unsatisfied: [],
  truncated: false,
};

let store: MemoryIndexStore;
let queue: InProcessJobQueue<GenerateJobData, GenerateJobResult>;
let seen: GenerateJobData[];
let results: GenerateJobResult[];

function client(options: { cacheTtlMs?: number; timeoutMs?: number } = {}): GenerationClient {
  return new GenerationClient({ queue, cache: new MemoryResultCache(store), timeoutMs: options.timeoutMs ?? 2000, cacheTtlMs: options.cacheTtlMs ?? 60_000 });
}

beforeEach(async () => {
  store = new MemoryIndexStore();
  await store.ensure(INDEX, 'type Query { a: Int }', 'tenant', Date.now());
  queue = new InProcessJobQueue('generate-client-spec');
  seen = [];
  results = [];
  await queue.process(async (data) => {
    seen.push(data);
    await new Promise((resolve) => setTimeout(resolve, 20));
    return results.shift() ?? { status: 'resolved', resolution: ANSWER };
  });
});

afterEach(async () => {
  await queue.close();
  await store.close();
});

describe('GenerationClient', () => {
  it.each(['', '   \n\t'])('rejects the blank prompt %j', async (prompt) => {
    await expect(client().generate(INDEX, prompt)).rejects.toMatchObject({ code: 'invalid_argument' });
    expect(seen).toHaveLength(0);
  });

  it('rejects an overlong prompt', async () => {
    await expect(client().generate(INDEX, 'x'.repeat(8001))).rejects.toMatchObject({ code: 'invalid_argument' });
  });

  it('answers a job that threw as internal without its error text (issue 23 finding 4)', async () => {
    const failing = new InProcessJobQueue<GenerateJobData, GenerateJobResult>('generate-client-spec-throws');
    await failing.process(async () => {
      throw new RangeError('Maximum call stack size exceeded at Slicer.addInput (/srv/app/libs/generation/dist/whole-type-slicer.js:1:1)');
    });
    try {
      const answer = new GenerationClient({ queue: failing, timeoutMs: 2000, cacheTtlMs: 0, attempts: 1 }).generate(INDEX, 'list employees');
      await expect(answer).rejects.toMatchObject({ code: 'internal', message: 'Query generation failed unexpectedly.' });
    } finally {
      await failing.close();
    }
  });

  it('sends the normalized prompt, a deadline and the request id', async () => {
    await client().generate(INDEX, '  list   all\nemployees ', { requestId: 'r-1' });
    expect(seen).toEqual([{ indexId: INDEX, prompt: 'list all employees', requestId: 'r-1', deadlineAt: expect.any(Number) }]);
  });

  it('runs one job for identical concurrent requests', async () => {
    const generation = client();
    const answers = await Promise.all([generation.generate(INDEX, 'List employees'), generation.generate(INDEX, ' list  EMPLOYEES ')]);
    expect(answers).toEqual([ANSWER, ANSWER]);
    expect(seen).toHaveLength(1);
  });

  it('answers a repeated prompt from the cache', async () => {
    const generation = client();
    await generation.generate(INDEX, 'list employees');
    expect(await generation.generate(INDEX, 'List employees')).toEqual(ANSWER);
    expect(seen).toHaveLength(1);
  });

  it('does not cache truncated answers, nor when caching is off', async () => {
    results.push({ status: 'resolved', resolution: { ...ANSWER, truncated: true } });
    const generation = client();
    await generation.generate(INDEX, 'list employees');
    await generation.generate(INDEX, 'list employees');
    expect(seen).toHaveLength(2);
    const uncached = client({ cacheTtlMs: 0 });
    await uncached.generate(INDEX, 'other prompt');
    await uncached.generate(INDEX, 'other prompt');
    expect(seen).toHaveLength(4);
  });

  it("does not cache the composer's fallback (the model gave nothing usable), and passes a model failure's reason on", async () => {
    results.push({ status: 'resolved', resolution: { ...ANSWER, fallback: true } });
    const generation = client();
    expect(await generation.generate(INDEX, 'list employees')).toMatchObject({ fallback: true });
    await generation.generate(INDEX, 'list employees');
    expect(seen).toHaveLength(2);
    results.push({
      status: 'failed',
      code: 'internal',
      message: 'Query generation failed: the model endpoint rejected the API key (HTTP 401).',
      reason: 'model-unauthorized',
    });
    await expect(generation.generate(INDEX, 'other')).rejects.toMatchObject({ code: 'internal', reason: 'model-unauthorized' });
  });

  it('maps a no-data answer to invalid_argument and a failure to its code', async () => {
    results.push({ status: 'no_data', reason: 'The prompt asks for no data: a greeting' });
    await expect(client().generate(INDEX, 'hello')).rejects.toEqual(new GenerationError('invalid_argument', 'The prompt asks for no data: a greeting'));
    results.push({ status: 'failed', code: 'unimplemented', message: 'No language model is configured.' });
    await expect(client().generate(INDEX, 'employees')).rejects.toMatchObject({ code: 'unimplemented' });
  });

  it('gives up after GENERATE_TIMEOUT with deadline_exceeded', async () => {
    const slowQueue = new InProcessJobQueue<GenerateJobData, GenerateJobResult>('generate-client-slow');
    await slowQueue.process(() => new Promise((resolve) => setTimeout(() => resolve({ status: 'resolved', resolution: ANSWER }), 1000)));
    const generation = new GenerationClient({ queue: slowQueue, timeoutMs: 100, cacheTtlMs: 0 });
    await expect(generation.generate(INDEX, 'employees')).rejects.toMatchObject({ code: 'deadline_exceeded' });
    await slowQueue.close();
  });

  it('answers unavailable at once, naming the missing worker, when nobody consumes the queue', async () => {
    const idle = new InProcessJobQueue<GenerateJobData, GenerateJobResult>('generate-client-idle');
    const generation = new GenerationClient({ queue: idle, timeoutMs: 30_000, cacheTtlMs: 0 });
    await expect(generation.generate(INDEX, 'employees')).rejects.toMatchObject({
      code: 'unavailable',
      reason: 'no-generator-worker',
      message: expect.stringContaining('No generator worker'),
    });
    expect(await idle.depth()).toBe(0);
    await idle.close();
  });

  it('derives job ids from the index and the normalized, case-folded prompt', () => {
    expect(generationJobId(INDEX, ' A  b ')).toBe(generationJobId(INDEX, 'a b'));
    expect(generationJobId(INDEX, 'a b')).not.toBe(generationJobId(`sha256:${'b'.repeat(64)}`, 'a b'));
    expect(generationJobId(INDEX, 'a')).toMatch(/^gen-[0-9a-f]{64}$/);
    expect(normalizePrompt('ｆｕｌｌ\u3000width')).toBe('full width');
  });
});
