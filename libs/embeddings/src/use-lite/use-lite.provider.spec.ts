import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { EmbeddingError } from '../embedding.errors.js';
import { dot } from '../vector-math.js';
import { UseLiteProvider } from './use-lite.provider.js';
import { UseLiteWorkerPool } from './use-lite-worker.pool.js';

// Real model on worker threads: generous on the shared 2-core machine (no timing is asserted).
jest.setTimeout(120_000);

describe('UseLiteProvider (real bundled model on worker threads)', () => {
  const provider = new UseLiteProvider({ workers: 2, batchSize: 4 });
  beforeAll(() => provider.init());
  afterAll(() => provider.close());

  it('returns one 512-d unit vector per text, in input order', async () => {
    const texts = ['a much longer text about repositories, pull requests and their reviewers', 'user', 'country capital'];
    const vectors = await provider.embed(texts);
    expect(vectors).toHaveLength(3);
    for (const v of vectors) {
      expect(v).toHaveLength(512);
      expect(dot(v, v)).toBeCloseTo(1, 4);
    }
    const alone = await provider.embed(['user']);
    expect(dot(alone[0] as Float32Array, vectors[1] as Float32Array)).toBeCloseTo(1, 4);
  });

  it('ranks a field about mood above unrelated fields for a question about mood', async () => {
    const [q, mood, employees, upc, capital] = await provider.embed([
      'staff members and their current mood',
      'Employee currentMood: Mood',
      'Query employees: list all employees',
      'Product upc: String',
      'Country capital',
    ]);
    const score = (v: Float32Array | undefined): number => dot(q as Float32Array, v as Float32Array);
    expect(score(mood)).toBeGreaterThan(score(employees));
    expect(score(employees)).toBeGreaterThan(score(upc));
    expect(score(mood)).toBeGreaterThan(score(capital));
  });

  it('spreads many texts over batches and keeps their order', async () => {
    const texts = Array.from({ length: 23 }, (_, i) => `field number ${i} of type ${i % 3 === 0 ? 'User' : 'Repository'}`);
    const vectors = await provider.embed(texts);
    const again = await provider.embed([texts[17] as string]);
    expect(dot(vectors[17] as Float32Array, again[0] as Float32Array)).toBeCloseTo(1, 4);
    expect(dot(vectors[17] as Float32Array, vectors[16] as Float32Array)).toBeLessThan(0.9999);
  });

  it('rejects empty texts and aborted calls with clear errors', async () => {
    await expect(provider.embed(['ok', '  '])).rejects.toMatchObject({ code: 'invalid_input', message: expect.stringContaining('texts[1]') });
    await expect(provider.embed(['ok'], AbortSignal.abort())).rejects.toBeInstanceOf(EmbeddingError);
    await expect(provider.embed(['ok'], AbortSignal.abort())).rejects.toMatchObject({ code: 'aborted' });
  });

  it('rejects bad settings', () => {
    expect(() => new UseLiteProvider({ workers: 0 })).toThrow(/workers/);
    expect(() => new UseLiteProvider({ batchSize: 1.5 })).toThrow(/batchSize/);
  });

  it('refuses to embed after close, and its workers stop', async () => {
    const other = new UseLiteProvider({ workers: 1 });
    await other.embed(['hello']);
    await other.close();
    await expect(other.embed(['hello'])).rejects.toMatchObject({ code: 'closed' });
  });

  it('fails the requests of a worker that dies, and replaces it for the next ones', async () => {
    const pool = new UseLiteWorkerPool(1);
    try {
      await pool.start();
      const inflight = pool.run({ type: 'embed', texts: ['a text that the dying worker never finishes'] });
      const slot = (pool as unknown as { slots: { worker: { terminate(): Promise<number> } }[] }).slots[0];
      await slot?.worker.terminate();
      await expect(inflight).rejects.toMatchObject({ code: 'model_failed', message: expect.stringContaining('worker stopped') });
      const data = await pool.run({ type: 'embed', texts: ['hello'] });
      expect(data).toHaveLength(512);
    } finally {
      await pool.close();
    }
  });
});
