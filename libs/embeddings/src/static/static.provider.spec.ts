import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { UseLiteProvider } from '../use-lite/use-lite.provider.js';
import { dot } from '../vector-math.js';
import { StaticEmbeddingProvider } from './static.provider.js';
import { decodeStaticTable, encodeStaticTable } from './static-table.js';

/** Schema-like texts (cosmo demo, countries, a few questions), none from the table's training corpus. */
const TEXTS = [
  'Employee current mood: Mood. The mood of the employee today.',
  'Employee details: Details.',
  'Query employees: Employee. List all employees.',
  'Product upc: String.',
  'Country capital: String.',
  'Country languages: Language. Languages spoken in the country.',
  'Continent countries: Country.',
  'Mutation update mood: Employee. Updates the mood of an employee.',
  'Department. A department of the company.',
  'which languages are spoken in France',
  'staff members and their current mood',
  'list the products of an employee',
];

// Real model on worker threads: generous on the shared 2-core machine (no timing is asserted).
jest.setTimeout(120_000);

describe('StaticEmbeddingProvider (the committed distilled table)', () => {
  const fast = new StaticEmbeddingProvider();
  const real = new UseLiteProvider({ workers: 1 });
  let staticVectors: Float32Array[];
  let realVectors: Float32Array[];
  beforeAll(async () => {
    staticVectors = await fast.embed(TEXTS);
    realVectors = await real.embed(TEXTS);
  });
  afterAll(() => Promise.all([fast.close(), real.close()]));

  it('gives 512-d unit vectors and an id naming the table and weighting', () => {
    for (const v of staticVectors) expect(dot(v, v)).toBeCloseTo(1, 4);
    expect(fast.id).toMatch(/^use-lite-static@[0-9a-f]{12};sif=0\.001$/);
    expect(fast.dimensions).toBe(512);
  });

  it('lives in USE-Lite’s vector space: high cosine with the real model on every text', () => {
    const cosines = TEXTS.map((_, i) => dot(staticVectors[i] as Float32Array, realVectors[i] as Float32Array));
    const mean = cosines.reduce((a, b) => a + b, 0) / cosines.length;
    expect(mean).toBeGreaterThan(0.65);
    expect(Math.min(...cosines)).toBeGreaterThan(0.4);
  });

  it('ranks like the real model on the mood example', () => {
    const question = staticVectors[10] as Float32Array;
    const score = (i: number): number => dot(question, staticVectors[i] as Float32Array);
    expect(score(0)).toBeGreaterThan(score(4));
    expect(score(0)).toBeGreaterThan(score(3));
  });

  it('embeds a query synchronously, identically to embed()', async () => {
    expect(dot(fast.embedSync(TEXTS[9] as string), staticVectors[9] as Float32Array)).toBeCloseTo(1, 6);
  });

  it('yields to the event loop during long inputs, and stops when aborted', async () => {
    const texts = Array.from({ length: 5000 }, (_, i) => `Repository field number ${i}: Pull Request Connection.`);
    let ticks = 0;
    const timer = setInterval(() => ticks++, 0);
    try {
      await fast.embed(texts);
    } finally {
      clearInterval(timer);
    }
    expect(ticks).toBeGreaterThan(0);
    await expect(fast.embed(texts, AbortSignal.abort())).rejects.toMatchObject({ code: 'aborted' });
  });

  it('fails with clear errors on bad input, a missing or a corrupt table', async () => {
    await expect(fast.embed(['fine', ' '])).rejects.toMatchObject({ code: 'invalid_input' });
    expect(() => new StaticEmbeddingProvider({ sifA: 0 })).toThrow(/sifA/);
    const dir = mkdtempSync(join(tmpdir(), 'embeddings-static-'));
    try {
      await expect(new StaticEmbeddingProvider({ table: join(dir, 'none.bin') }).init()).rejects.toMatchObject({
        code: 'provider_unavailable',
        message: expect.stringContaining('distill-static'),
      });
      writeFileSync(join(dir, 'bad.bin'), 'not a table at all');
      await expect(new StaticEmbeddingProvider({ table: join(dir, 'bad.bin') }).init()).rejects.toMatchObject({
        code: 'invalid_input',
        message: expect.stringContaining('magic'),
      });
      const small = encodeStaticTable({ vocabularySize: 2, dimensions: 3, rows: new Float32Array(6) });
      writeFileSync(join(dir, 'small.bin'), small);
      await expect(new StaticEmbeddingProvider({ table: join(dir, 'small.bin') }).init()).rejects.toMatchObject({
        code: 'model_failed',
        message: expect.stringContaining('2 × 3'),
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const closed = new StaticEmbeddingProvider();
    await closed.close();
    await expect(closed.embed(['x'])).rejects.toMatchObject({ code: 'closed' });
  });
});

describe('static table format', () => {
  it('round-trips rows within one int8 step of each row’s scale', () => {
    const rows = Float32Array.from([0.5, -0.25, 0.1, 0, 0, 0, -3, 1.5, 2]);
    const back = decodeStaticTable(encodeStaticTable({ vocabularySize: 3, dimensions: 3, rows }));
    expect(back).toMatchObject({ vocabularySize: 3, dimensions: 3 });
    back.rows.forEach((x, i) => {
      expect(Math.abs(x - (rows[i] as number))).toBeLessThanOrEqual(3 / 127 / 2 + 1e-6);
    });
    expect(Array.from(back.rows.subarray(3, 6))).toEqual([0, 0, 0]);
  });

  it('rejects truncated files and wrong sizes', () => {
    const bytes = encodeStaticTable({ vocabularySize: 2, dimensions: 2, rows: new Float32Array(4) });
    expect(() => decodeStaticTable(bytes.subarray(0, 10))).toThrow(/too short/);
    expect(() => decodeStaticTable(bytes.subarray(0, bytes.length - 1))).toThrow(/expected 28/);
    expect(() => encodeStaticTable({ vocabularySize: 2, dimensions: 2, rows: new Float32Array(3) })).toThrow(/expected 2 × 2/);
  });
});
