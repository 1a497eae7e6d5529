/**
 * The shared job handler: outcomes that are results (unimplemented, index
 * gone or not ready, bad job data) and what is thrown so the queue retries.
 */
import { describe, expect, it } from '@jest/globals';
import type { JobContext } from '@discovery/storage';
import OpenAI from 'openai';
import { OpenAiChatModel } from './openai-chat.model.js';
import { generationJobHandler, NO_MODEL_MESSAGE } from './generation-worker.js';
import { GenerationError } from './contract/generation.errors.js';
import type { GenerationIndexSource } from './generation-index.js';
import { QueryGenerator } from './query-generator.js';
import { QueryComposer } from './compose/query-composer.js';
import { COSMO_DEMO, fixtureIndex } from './testing/index.js';

const context: JobContext = { jobId: 'j', attempt: 1, progress: async () => undefined, signal: new AbortController().signal };
const data = { indexId: `sha256:${'c'.repeat(64)}`, prompt: 'employees' };
const generator = new QueryGenerator(new OpenAiChatModel(new OpenAI({ baseURL: 'http://127.0.0.1:9/v1', apiKey: 'k' }), { model: 'm' }), {
  maxTurns: 1,
  timeoutMs: 1000,
  callTimeoutMs: 500,
  allowMutations: false,
});

function source(open: GenerationIndexSource['open']): GenerationIndexSource {
  return { open };
}

describe('generationJobHandler', () => {
  it('answers unimplemented without a model', async () => {
    const handler = generationJobHandler({
      indexes: source(async () => {
        throw new Error('not called');
      }),
      generator: undefined,
    });
    expect(await handler(data, context)).toEqual({ status: 'failed', code: 'unimplemented', message: NO_MODEL_MESSAGE });
  });

  it('composes without a model when a composer is given, and marks the answer as composed', async () => {
    const handler = generationJobHandler({
      indexes: source(async () => fixtureIndex(COSMO_DEMO)),
      generator: undefined,
      composer: new QueryComposer({ allowMutations: false }),
    });
    const result = await handler({ indexId: data.indexId, prompt: 'the current mood of employee 3' }, context);
    expect(result).toMatchObject({ status: 'resolved', resolution: { composed: true, truncated: false, unsatisfied: [] } });
    expect(result.status === 'resolved' && result.resolution.queries[0]?.document).toMatch(/currentMood/);
  });

  it.each([
    ['not_found', new GenerationError('not_found', 'The index does not exist.')],
    ['failed_precondition', new GenerationError('failed_precondition', 'The index cannot serve yet.')],
  ])('turns %s from the index source into a result', async (code, error) => {
    const outcomes: string[] = [];
    const handler = generationJobHandler({
      indexes: source(async () => {
        throw error;
      }),
      generator,
      onFinished: (o) => void outcomes.push(o),
    });
    expect(await handler(data, context)).toEqual({ status: 'failed', code, message: error.message });
    expect(outcomes).toEqual(['failed']);
  });

  it('does no work once the deadline of its caller has passed (issue 23 finding 3)', async () => {
    let opened = 0;
    const handler = generationJobHandler({
      indexes: source(async () => {
        opened++;
        return fixtureIndex(COSMO_DEMO);
      }),
      generator: undefined,
      composer: new QueryComposer({ allowMutations: false }),
    });
    const result = await handler({ indexId: data.indexId, prompt: 'employees', deadlineAt: Date.now() - 1 }, context);
    expect(result).toMatchObject({ status: 'failed', code: 'deadline_exceeded' });
    expect(opened).toBe(0);
  });

  it('holds the job lock through the deadline before composing, which may block the event loop', async () => {
    const held: number[] = [];
    const holding: JobContext = { ...context, holdLock: async (ms) => void held.push(ms) };
    const handler = generationJobHandler({
      indexes: source(async () => fixtureIndex(COSMO_DEMO)),
      generator: undefined,
      composer: new QueryComposer({ allowMutations: false }),
    });
    const result = await handler({ indexId: data.indexId, prompt: 'the current mood of employee 3', deadlineAt: Date.now() + 10_000 }, holding);
    expect(result.status).toBe('resolved');
    expect(held).toHaveLength(1);
    expect(held[0]).toBeGreaterThan(10_000);
    expect(held[0]).toBeLessThan(13_000);
  });

  it('refuses job data without a prompt', async () => {
    const handler = generationJobHandler({
      indexes: source(async () => {
        throw new Error('not called');
      }),
      generator,
    });
    expect(await handler({ indexId: data.indexId, prompt: ' ' }, context)).toMatchObject({ status: 'failed', code: 'invalid_argument' });
  });

  it('throws unexpected errors so the queue retries the job', async () => {
    const handler = generationJobHandler({
      indexes: source(async () => {
        throw new Error('redis went away');
      }),
      generator,
    });
    await expect(handler(data, context)).rejects.toThrow('redis went away');
  });
});
