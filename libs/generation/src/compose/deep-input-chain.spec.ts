/**
 * Issue 23 finding 4: a chain of 15,000 input types overflowed the stack in
 * the whole-type slicer (the composer drafted from it then), so every
 * GenerateQuery on such an index failed as `internal`. The composer slices with
 * the field slicer now; a deep chain must still be answered.
 */
import { describe, expect, it } from '@jest/globals';

const LENGTH = 15_000;

function inputChain(length: number): string {
  const inputs = Array.from({ length }, (_, i) => `input I${i} { value: Int next: I${i + 1} }`);
  inputs.push(`input I${length} { value: Int }`);
  return `type Query { items(filter: I0): [Int] count: Int }\n${inputs.join('\n')}`;
}

describe('composing on deep input chains', () => {
  it('answers a GenerateQuery job on the chain (composer path), never an internal stack overflow', async () => {
    const { generationJobHandler } = await import('../generation-worker.js');
    const { QueryComposer } = await import('./query-composer.js');
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
