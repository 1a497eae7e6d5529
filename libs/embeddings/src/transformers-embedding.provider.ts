/**
 * TransformersEmbeddingProvider: a sentence-embedding ONNX model run by
 * transformers.js (`@huggingface/transformers`, on onnxruntime-node) from a
 * local folder (what EMBEDDINGS_MODEL_PATH points at; by default the model that
 * ships in data/use-lite-static-onnx, the static table as ONNX), mean pooling
 * and normalization, remote models disabled. The package is imported on first
 * init() only, so services on other providers never load onnxruntime; init()
 * says which files a folder lacks.
 */
import { createHash } from 'node:crypto';
import { createReadStream, existsSync, readdirSync, statSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { EmbeddingProvider } from './embedding-provider.js';
import { assertTexts, EmbeddingError, EmbeddingErrorCode, throwIfAborted } from './embedding.errors.js';
import { normalizeInPlace } from './vector-math.js';

export const TRANSFORMERS_PACKAGE = '@huggingface/transformers';
const INSTALL_HINT = `npm install ${TRANSFORMERS_PACKAGE}@4.3.1 (allow no install script for onnxruntime-node: its CPU binaries ship in the package)`;
/** The model folder that ships with the project (scripts/export-static-onnx.ts). */
export const DEFAULT_TRANSFORMERS_MODEL = new URL('../data/use-lite-static-onnx', import.meta.url);

/** The part of transformers.js this provider uses. */
export interface TransformersModule {
  env: { allowRemoteModels: boolean; allowLocalModels: boolean; useFSCache: boolean };
  pipeline(task: 'feature-extraction', model: string, options: Record<string, unknown>): Promise<FeatureExtractor>;
}
export interface FeatureExtractor {
  (texts: string[], options: { pooling: 'mean'; normalize: boolean }): Promise<{ data: ArrayLike<number>; dims: number[] }>;
  dispose?(): Promise<void>;
}

export interface TransformersOptions {
  /** Folder holding config.json, tokenizer files and onnx/model.onnx (or model_<dtype>.onnx); default: the shipped model. */
  modelPath?: string;
  /** ONNX weights variant: `fp32` (onnx/model.onnx, default), `q8` (model_quantized.onnx), `fp16`, ... */
  dtype?: 'fp32' | 'fp16' | 'q8' | 'int8' | 'uint8' | 'q4' | 'bnb4' | 'q4f16';
  /** Texts per model call; default 32. */
  batchSize?: number;
}

const ONNX_FILE: Record<NonNullable<TransformersOptions['dtype']>, string> = {
  fp32: 'model.onnx',
  fp16: 'model_fp16.onnx',
  q8: 'model_quantized.onnx',
  int8: 'model_int8.onnx',
  uint8: 'model_uint8.onnx',
  q4: 'model_q4.onnx',
  bnb4: 'model_bnb4.onnx',
  q4f16: 'model_q4f16.onnx',
};

async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

export class TransformersEmbeddingProvider implements EmbeddingProvider {
  private readonly modelPath: string;
  private readonly dtype: NonNullable<TransformersOptions['dtype']>;
  private readonly batchSize: number;
  private extractor: FeatureExtractor | undefined;
  private loading: Promise<void> | undefined;
  private modelDigest = 'unloaded';
  private dims = 0;
  private closed = false;

  /** `importer` exists for tests; by default the real package is imported. */
  constructor(
    options: TransformersOptions,
    private readonly importer: () => Promise<unknown> = () => import(TRANSFORMERS_PACKAGE),
  ) {
    if (options.modelPath !== undefined && !options.modelPath.trim()) {
      throw new EmbeddingError(EmbeddingErrorCode.InvalidInput, 'transformers modelPath (EMBEDDINGS_MODEL_PATH) must name a local model folder');
    }
    this.modelPath = options.modelPath === undefined ? fileURLToPath(DEFAULT_TRANSFORMERS_MODEL) : resolve(options.modelPath);
    this.dtype = options.dtype ?? 'fp32';
    if (!(this.dtype in ONNX_FILE)) {
      throw new EmbeddingError(
        EmbeddingErrorCode.InvalidInput,
        `transformers dtype must be one of ${Object.keys(ONNX_FILE).join(', ')}, got ${String(this.dtype)}`,
      );
    }
    this.batchSize = options.batchSize ?? 32;
    if (!Number.isInteger(this.batchSize) || this.batchSize < 1 || this.batchSize > 1024) {
      throw new EmbeddingError(EmbeddingErrorCode.InvalidInput, `transformers batchSize must be an integer in 1..1024, got ${options.batchSize}`);
    }
  }

  /** `transformers:<folder>@<first 12 hex of the ONNX file's SHA-256>;dtype=...;mean` (final after init()). */
  get id(): string {
    return `transformers:${basename(this.modelPath)}@${this.modelDigest};dtype=${this.dtype};mean`;
  }

  get dimensions(): number {
    return this.dims;
  }

  init(): Promise<void> {
    if (this.closed) return Promise.reject(new EmbeddingError(EmbeddingErrorCode.Closed, 'the transformers provider is closed'));
    this.loading ??= this.load().catch((error: unknown) => {
      this.loading = undefined;
      throw error;
    });
    return this.loading;
  }

  async embed(texts: string[], signal?: AbortSignal): Promise<Float32Array[]> {
    assertTexts(texts);
    await this.init();
    const out: Float32Array[] = [];
    for (let i = 0; i < texts.length; i += this.batchSize) {
      throwIfAborted(signal);
      out.push(...(await this.run(texts.slice(i, i + this.batchSize))));
    }
    return out;
  }

  async close(): Promise<void> {
    this.closed = true;
    const extractor = this.extractor;
    this.extractor = undefined;
    await extractor?.dispose?.();
  }

  private async run(batch: string[]): Promise<Float32Array[]> {
    const extractor = this.extractor;
    if (!extractor) throw new EmbeddingError(EmbeddingErrorCode.Closed, 'the transformers provider is closed');
    let output: { data: ArrayLike<number>; dims: number[] };
    try {
      output = await extractor(batch, { pooling: 'mean', normalize: true });
    } catch (error) {
      throw new EmbeddingError(EmbeddingErrorCode.ModelFailed, `transformers model failed: ${error instanceof Error ? error.message : String(error)}`, {
        cause: error,
      });
    }
    const [rows, dims] = output.dims;
    if (rows !== batch.length || !dims || output.data.length !== rows * dims) {
      throw new EmbeddingError(EmbeddingErrorCode.ModelFailed, `transformers model returned shape [${output.dims.join(', ')}] for ${batch.length} texts`);
    }
    return Array.from({ length: rows }, (_, i) => normalizeInPlace(Float32Array.from({ length: dims }, (_, j) => output.data[i * dims + j] as number)));
  }

  /** Checks the folder, imports the package, builds the pipeline and probes the dimensions. */
  private async load(): Promise<void> {
    const onnx = join(this.modelPath, 'onnx', ONNX_FILE[this.dtype]);
    const missing = ['config.json', 'tokenizer.json'].filter((f) => !existsSync(join(this.modelPath, f)));
    if (!existsSync(onnx)) missing.push(join('onnx', ONNX_FILE[this.dtype]));
    if (!existsSync(this.modelPath) || !statSync(this.modelPath).isDirectory() || missing.length > 0) {
      const found = existsSync(join(this.modelPath, 'onnx')) ? ` (onnx/ holds: ${readdirSync(join(this.modelPath, 'onnx')).join(', ') || 'nothing'})` : '';
      throw new EmbeddingError(
        EmbeddingErrorCode.ProviderUnavailable,
        `no transformers.js model in ${this.modelPath} (EMBEDDINGS_MODEL_PATH): missing ${missing.join(', ') || 'the folder'}${found}. ` +
          'Put an ONNX export there, e.g. the files of Xenova/all-MiniLM-L6-v2 (config.json, tokenizer.json, tokenizer_config.json, onnx/model.onnx).',
      );
    }
    let module: TransformersModule;
    try {
      module = (await this.importer()) as TransformersModule;
    } catch (error) {
      throw new EmbeddingError(EmbeddingErrorCode.ProviderUnavailable, `the package ${TRANSFORMERS_PACKAGE} is not installed: ${INSTALL_HINT}`, {
        cause: error,
      });
    }
    // env is global to the process: nothing here depends on one folder (an absolute path is read as a path, not a hub id).
    module.env.allowRemoteModels = false;
    module.env.allowLocalModels = true;
    module.env.useFSCache = false;
    try {
      this.extractor = await module.pipeline('feature-extraction', this.modelPath, { dtype: this.dtype, local_files_only: true, device: 'cpu' });
      this.modelDigest = (await sha256File(onnx)).slice(0, 12);
      const [probe] = await this.run(['dimension probe']);
      this.dims = probe?.length ?? 0;
    } catch (error) {
      if (error instanceof EmbeddingError) throw error;
      throw new EmbeddingError(
        EmbeddingErrorCode.ModelFailed,
        `cannot load the transformers.js model in ${this.modelPath}: ${error instanceof Error ? error.message : String(error)}`,
        { cause: error },
      );
    }
  }
}
