/**
 * Issue 23 finding 4: a chain of 15,000 input types overflowed the stack in
 * the whole-type slicer (the composer drafts from it), so every GenerateQuery
 * on such an index failed as `internal`. The input closure is a work list now.
 */
import { describe, expect, it } from '@jest/globals';
import { buildSchema } from 'graphql';
import { sliceSchemaByHits } from './whole-type-slicer.js';

const LENGTH = 15_000;

function inputChain(length: number): string {
  const inputs = Array.from({ length }, (_, i) => `input I${i} { value: Int next: I${i + 1} }`);
  inputs.push(`input I${length} { value: Int }`);
  return `type Query { items(filter: I0): [Int] count: Int }\n${inputs.join('\n')}`;
}

describe('whole-type slicer on deep input chains', () => {
  it(`slices a chain of ${LENGTH} input types without overflowing the stack`, () => {
    const schema = buildSchema(inputChain(LENGTH), { assumeValidSDL: true });
    const slice = sliceSchemaByHits(schema, [{ coordinate: 'field:Query.items' }, { coordinate: 'field:Query.count' }], { roots: ['query'] });
    expect(slice.fields).toContain('Query.items');
    expect(slice.sdl).toContain(`input I${LENGTH} {`);
  });
});

describe('composing on deep input chains', () => {
  it('answers a GenerateQuery job on the chain (composer path), never an internal stack overflow', async () => {
    const { generationJobHandler } = await import('./generation-worker.js');
    const { QueryComposer } = await import('./compose/query-composer.js');
    const { LexicalSchemaIndex } = await import('@discovery/schema-slice/testing');
    const index = new LexicalSchemaIndex(inputChain(LENGTH));
    const handler = generationJobHandler({
      indexes: { open: async () => index as never },
      generator: undefined,
      composer: new QueryComposer({ allowMutations: false }),
    });
    const context = { jobId: 'j', attempt: 1, progress: async () => undefined, signal: new AbortController().signal };
    const result = await handler({ indexId: `sha256:${'d'.repeat(64)}`, prompt: 'items filtered by value 3' }, context);
    expect(result.status).toBe('resolved');
  });
});
