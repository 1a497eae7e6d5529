/**
 * IndexBuilder with the real stages in process and a counting embedder:
 * embedding progress goes to the queue a few times a second (each report is a
 * round trip), always with the final count, while the in-process observer
 * sees every batch.
 */
import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { InProcessEventBus, MemoryIndexStore, type JobContext } from '@discovery/storage';
import { IndexBuilder } from './index-builder.js';
import { indexIdForSdl } from '@discovery/proto';
import type { TextEmbedder } from './ports.js';

const anilist = readFileSync(new URL('../../../test/fixtures/schemas/anilist.graphql', import.meta.url), 'utf8');

const embedder: TextEmbedder = {
  id: 'fake@1',
  embed: async (texts) => texts.map((text) => Int8Array.of(text.length % 127, 1)),
  embedQuery: async () => Float32Array.of(1, 0),
};

describe('IndexBuilder', () => {
  it('reports embedding progress to the queue at most a few times a second, ending with the total', async () => {
    const store = new MemoryIndexStore();
    const indexId = indexIdForSdl(anilist);
    await store.ensure(indexId, anilist, 'acme', Date.now());
    const batches: number[] = [];
    const reports: Record<string, unknown>[] = [];
    const builder = new IndexBuilder(
      store,
      new InProcessEventBus(),
      embedder,
      { version: 'v1', maxSdlBytes: 4_000_000, attempts: 1, embedBatchSize: 16 },
      undefined,
      { buildProgress: (_id, done) => batches.push(done) },
    );
    const ctx: JobContext = {
      jobId: indexId,
      attempt: 1,
      signal: new AbortController().signal,
      progress: async (value) => void reports.push(value as Record<string, unknown>),
    };
    const { symbolCount } = await builder.handle({ indexId }, ctx);
    const embedding = reports.filter((r) => r['stage'] === 'embeddings');
    expect(batches.length).toBe(Math.ceil(symbolCount / 16));
    expect(embedding.length).toBeLessThan(batches.length / 4);
    expect(embedding.at(-1)).toEqual({ stage: 'embeddings', done: symbolCount, total: symbolCount });
    expect((await store.getMeta(indexId))?.state).toBe('ready');
    await store.close();
  });
});
