/**
 * What a generator answers is model text: GenerationClient cleans it before it is answered, cached
 * or counted in the demand report (issue 23 finding 6), whatever generator wrote it.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { InProcessJobQueue, MemoryIndexStore, MemoryResultCache } from '@discovery/storage';
import type { GenerateJobData, GenerateJobResult } from '@discovery/generation/contract';
import { GenerationClient } from './generation-client.js';

const INDEX = `sha256:${'b'.repeat(64)}`;
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF\u{E0000}-\u{E007F}]|\[31m|\]0;/u;
const DIRTY = '\u001b[31mred\u001b[0m\u001b]0;title\u0007 zero\u200bwidth \u202ebidi\u2066 tag\u{E0041}\u{E0042} bell\u0007';

let store: MemoryIndexStore;
let queue: InProcessJobQueue<GenerateJobData, GenerateJobResult>;
let answer: GenerateJobResult;

beforeEach(async () => {
  store = new MemoryIndexStore();
  await store.ensure(INDEX, 'type Query { a: Int }', 'tenant', Date.now());
  queue = new InProcessJobQueue('generate-client-clean-spec');
  await queue.process(async () => answer);
});
afterEach(async () => {
  await queue.close();
  await store.close();
});

describe('GenerationClient cleans model text (issue 23 finding 6)', () => {
  it('in descriptions, documents, variables schemas and reasons, and in what it caches', async () => {
    answer = {
      status: 'resolved',
      resolution: {
        queries: [
          {
            description: `Orders ${DIRTY}`,
            document: `"""Orders ${DIRTY}"""\nquery Orders { a }`,
            operationName: 'Orders',
            operationType: 'query',
            variablesSchema: { type: 'object', properties: { id: { type: 'string', description: DIRTY, default: DIRTY } } },
          },
        ],
        unsatisfied: [`No salary ${DIRTY}`, '\u200b\u001b[2J'],
        truncated: false,
      },
    };
    const client = new GenerationClient({ queue, cache: new MemoryResultCache(store), timeoutMs: 2000, cacheTtlMs: 60_000 });
    for (const resolution of [await client.generate(INDEX, 'orders'), await client.generate(INDEX, 'orders')]) {
      expect(JSON.stringify(resolution)).not.toMatch(/\\u001b|\\u0007/);
      expect(JSON.stringify(resolution)).not.toMatch(UNSAFE);
      expect(resolution.unsatisfied).toEqual(['No salary red zerowidth bidi tag bell']);
      expect(resolution.queries[0]!.description).toBe('Orders red zerowidth bidi tag bell');
    }
  });

  it('in the reason of a prompt that asks for no data', async () => {
    answer = { status: 'no_data', reason: `The prompt asks for no data: ${DIRTY}` };
    const client = new GenerationClient({ queue, timeoutMs: 2000, cacheTtlMs: 0 });
    await expect(client.generate(INDEX, 'hello')).rejects.toMatchObject({ message: 'The prompt asks for no data: red zerowidth bidi tag bell' });
  });
});
