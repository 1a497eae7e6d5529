/**
 * StaticEmbeddingProvider: USE-Lite distilled into a per-token table (the
 * Model2Vec method). A text is tokenized exactly as USE-Lite does, and its
 * vector is the SIF-weighted mean of its tokens' table rows (weight a/(a+p),
 * p = the token's unigram probability from the vocabulary), normalized. Same
 * 512-d space as UseLiteProvider, microseconds per text, no threads needed.
 * Long inputs are processed in slices of at most 4 ms, yielding to the event
 * loop between them, so an index build does not stall searches in the same process.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { setImmediate as nextTick } from 'node:timers/promises';
import type { EmbeddingProvider } from '../embedding-provider.js';
import { assertTexts, EmbeddingError, EmbeddingErrorCode, throwIfAborted } from '../embedding.errors.js';
import { SentencePieceTokenizer, type Vocabulary } from '../sentencepiece.tokenizer.js';
import { loadUseLiteVocabulary } from '../use-lite/use-lite-vocabulary.js';
import { normalizeInPlace } from '../vector-math.js';
import { decodeStaticTable, type StaticTable } from './static-table.js';

/** The committed table (see scripts/distill-static.ts). */
export const DEFAULT_STATIC_TABLE = new URL('../../data/use-lite-static.bin', import.meta.url);
/** SIF smoothing: smaller values down-weight frequent tokens more. */
export const DEFAULT_SIF_A = 1e-3;
/** Longest stretch of synchronous work before embed() yields to the event loop (searches share it). */
const SLICE_MS = 4;

/** SIF weight a / (a + p) of every piece, p its unigram probability (exp of its log-probability; null counts as 0). */
export function sifWeights(vocabulary: Vocabulary, a: number): Float32Array {
  const weights = new Float32Array(vocabulary.length);
  vocabulary.forEach(([, logProbability], id) => {
    weights[id] = a / (a + Math.exp(logProbability ?? 0));
  });
  return weights;
}

export interface StaticProviderOptions {
  /** Path or file URL of a table; default: the committed USE-Lite table. */
  table?: string | URL;
  /** SIF weight parameter a in a/(a+p); default 1e-3. Part of the provider id. */
  sifA?: number;
}

export class StaticEmbeddingProvider implements EmbeddingProvider {
  readonly dimensions = 512;
  private readonly tablePath: string | URL;
  private readonly sifA: number;
  private loaded: { tokenizer: SentencePieceTokenizer; table: StaticTable; weights: Float32Array } | undefined;
  private loading: Promise<void> | undefined;
  private tableDigest = 'unloaded';
  private closed = false;

  constructor(options: StaticProviderOptions = {}) {
    this.tablePath = options.table ?? DEFAULT_STATIC_TABLE;
    this.sifA = options.sifA ?? DEFAULT_SIF_A;
    if (!(this.sifA > 0 && Number.isFinite(this.sifA))) {
      throw new EmbeddingError(EmbeddingErrorCode.InvalidInput, `static sifA must be a positive number, got ${options.sifA}`);
    }
  }

  /** `use-lite-static@<first 12 hex of the table's SHA-256>;sif=<a>` (known after init()). */
  get id(): string {
    return `use-lite-static@${this.tableDigest};sif=${this.sifA}`;
  }

  init(): Promise<void> {
    if (this.closed) return Promise.reject(new EmbeddingError(EmbeddingErrorCode.Closed, 'the static provider is closed'));
    this.loading ??= this.load().catch((error: unknown) => {
      this.loading = undefined;
      throw error;
    });
    return this.loading;
  }

  async embed(texts: string[], signal?: AbortSignal): Promise<Float32Array[]> {
    assertTexts(texts);
    throwIfAborted(signal);
    await this.init();
    const out: Float32Array[] = [];
    let sliceStart = performance.now();
    for (const text of texts) {
      if (performance.now() - sliceStart > SLICE_MS) {
        await nextTick();
        throwIfAborted(signal);
        sliceStart = performance.now();
      }
      out.push(this.embedOne(text));
    }
    return out;
  }

  /** Synchronous embedding of one text (a query): call init() first. */
  embedSync(text: string): Float32Array {
    assertTexts([text]);
    return this.embedOne(text);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.loaded = undefined;
  }

  private embedOne(text: string): Float32Array {
    if (!this.loaded) {
      throw new EmbeddingError(EmbeddingErrorCode.Closed, this.closed ? 'the static provider is closed' : 'call init() before embedSync()');
    }
    const { tokenizer, table, weights } = this.loaded;
    const d = table.dimensions;
    const v = new Float32Array(d);
    for (const id of tokenizer.encode(text)) {
      const w = weights[id] as number;
      const base = id * d;
      for (let j = 0; j < d; j++) v[j] = (v[j] as number) + w * (table.rows[base + j] as number);
    }
    return normalizeInPlace(v);
  }

  private async load(): Promise<void> {
    let bytes: Buffer;
    try {
      bytes = await readFile(this.tablePath);
    } catch (error) {
      throw new EmbeddingError(
        EmbeddingErrorCode.ProviderUnavailable,
        `cannot read the static embedding table ${String(this.tablePath)} (generate it with libs/embeddings/scripts/distill-static.ts)`,
        { cause: error },
      );
    }
    const table = decodeStaticTable(bytes);
    const vocabulary = await loadUseLiteVocabulary();
    if (table.vocabularySize !== vocabulary.length || table.dimensions !== this.dimensions) {
      throw new EmbeddingError(
        EmbeddingErrorCode.ModelFailed,
        `static table is ${table.vocabularySize} × ${table.dimensions}, expected ${vocabulary.length} × ${this.dimensions}`,
      );
    }
    const weights = sifWeights(vocabulary, this.sifA);
    this.tableDigest = createHash('sha256').update(bytes).digest('hex').slice(0, 12);
    this.loaded = { tokenizer: new SentencePieceTokenizer(vocabulary), table, weights };
  }
}
