/**
 * UseLiteProvider: the bundled Universal Sentence Encoder Lite (512-d unit
 * vectors), run on worker threads so the event loop stays free. Texts are
 * sorted by length and cut into batches (similar lengths batch best), and the
 * batches are spread over the workers. Accurate but slow (milliseconds per
 * text); see StaticEmbeddingProvider for the fast distilled model in the same space.
 */
import { availableParallelism } from 'node:os';
import type { EmbeddingProvider } from '../embedding-provider.js';
import { assertTexts, EmbeddingError, EmbeddingErrorCode, throwIfAborted } from '../embedding.errors.js';
import { UseLiteWorkerPool } from './use-lite-worker.pool.js';

export const USE_LITE_DIMENSIONS = 512;
/** Identity of the bundled model; bump when the model package changes its weights. */
export const USE_LITE_MODEL_ID = 'use-lite@energetic-ai-0.2.0';

export interface UseLiteOptions {
  /** Worker threads, each with its own model copy (about 100 MB each). Default: min(2, cores). */
  workers?: number;
  /** Texts per model call. Default 32. */
  batchSize?: number;
}

export class UseLiteProvider implements EmbeddingProvider {
  readonly id = USE_LITE_MODEL_ID;
  readonly dimensions = USE_LITE_DIMENSIONS;
  private readonly workers: number;
  private readonly batchSize: number;
  private pool: UseLiteWorkerPool | undefined;
  private starting: Promise<void> | undefined;
  private closed = false;

  constructor(options: UseLiteOptions = {}) {
    this.workers = options.workers ?? Math.min(2, availableParallelism());
    this.batchSize = options.batchSize ?? 32;
    if (!Number.isInteger(this.workers) || this.workers < 1 || this.workers > 64) {
      throw new EmbeddingError(EmbeddingErrorCode.InvalidInput, `use-lite workers must be an integer in 1..64, got ${options.workers}`);
    }
    if (!Number.isInteger(this.batchSize) || this.batchSize < 1 || this.batchSize > 1024) {
      throw new EmbeddingError(EmbeddingErrorCode.InvalidInput, `use-lite batchSize must be an integer in 1..1024, got ${options.batchSize}`);
    }
  }

  init(): Promise<void> {
    if (this.closed) return Promise.reject(new EmbeddingError(EmbeddingErrorCode.Closed, 'the USE-Lite provider is closed'));
    this.starting ??= this.start();
    return this.starting;
  }

  async embed(texts: string[], signal?: AbortSignal): Promise<Float32Array[]> {
    assertTexts(texts);
    await this.init();
    const order = texts.map((_, i) => i).sort((a, b) => (texts[a] as string).length - (texts[b] as string).length);
    const batches: number[][] = [];
    for (let i = 0; i < order.length; i += this.batchSize) batches.push(order.slice(i, i + this.batchSize));
    return this.runBatches(texts, batches, { type: 'embed' }, signal);
  }

  /**
   * Embeds raw token id sequences of the model's own vocabulary (bypassing
   * the tokenizer). Used to distil the static table: one token per sequence.
   */
  async embedTokenIds(sequences: number[][], signal?: AbortSignal): Promise<Float32Array[]> {
    if (sequences.some((s) => s.length === 0)) {
      throw new EmbeddingError(EmbeddingErrorCode.InvalidInput, 'every token id sequence needs at least one id');
    }
    await this.init();
    const batches: number[][] = [];
    for (let i = 0; i < sequences.length; i += this.batchSize) {
      batches.push(Array.from({ length: Math.min(this.batchSize, sequences.length - i) }, (_, k) => i + k));
    }
    return this.runBatches(sequences, batches, { type: 'embed-ids' }, signal);
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.pool?.close();
    this.pool = undefined;
  }

  private async start(): Promise<void> {
    const pool = new UseLiteWorkerPool(this.workers);
    this.pool = pool;
    try {
      const dims = await pool.start();
      if (dims !== this.dimensions) {
        throw new EmbeddingError(EmbeddingErrorCode.ModelFailed, `USE-Lite produced ${dims}-d vectors, expected ${this.dimensions}`);
      }
    } catch (error) {
      this.starting = undefined;
      this.pool = undefined;
      await pool.close();
      throw error;
    }
  }

  /** Runs batches of item indexes, at most two in flight per worker, and places rows back in input order. */
  private async runBatches<T extends string | number[]>(
    items: T[],
    batches: number[][],
    kind: { type: 'embed' | 'embed-ids' },
    signal: AbortSignal | undefined,
  ): Promise<Float32Array[]> {
    const out: Float32Array[] = new Array<Float32Array>(items.length);
    let next = 0;
    const runner = async (): Promise<void> => {
      while (next < batches.length) {
        throwIfAborted(signal);
        const batch = batches[next++] as number[];
        const pool = this.pool;
        if (!pool) throw new EmbeddingError(EmbeddingErrorCode.Closed, 'the USE-Lite provider is closed');
        const picked = batch.map((i) => items[i] as T);
        const data =
          kind.type === 'embed'
            ? await pool.run({ type: 'embed', texts: picked as string[] })
            : await pool.run({ type: 'embed-ids', ids: picked as number[][] });
        if (data.length !== batch.length * this.dimensions) {
          throw new EmbeddingError(EmbeddingErrorCode.ModelFailed, `USE-Lite returned ${data.length} values for ${batch.length} inputs`);
        }
        batch.forEach((itemIndex, row) => {
          out[itemIndex] = data.slice(row * this.dimensions, (row + 1) * this.dimensions);
        });
      }
    };
    await Promise.all(Array.from({ length: Math.min(batches.length, this.workers * 2) }, runner));
    return out;
  }
}
