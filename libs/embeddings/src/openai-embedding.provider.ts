/**
 * OpenAiEmbeddingProvider: any OpenAI-compatible `/v1/embeddings` endpoint
 * (OpenAI, Azure-compatible proxies, vLLM, Ollama, LiteLLM, ...) through the
 * `openai` client. Inputs go in batches (a few requests in parallel); 429, 5xx
 * and network failures are retried with exponential backoff (honouring
 * Retry-After) by the client, each attempt has a timeout, and the whole call a
 * budget. Vectors are re-normalized, since not every server returns unit vectors.
 * The API key is never logged nor put in error messages. The `openai` package is loaded on
 * init, so a service whose embeddings come from elsewhere never loads it.
 */
import type { ClientOptions, OpenAI } from 'openai';
import type { EmbeddingProvider } from './embedding-provider.js';
import { assertTexts, EmbeddingError, EmbeddingErrorCode, throwIfAborted } from './embedding.errors.js';
import { normalizeInPlace } from './vector-math.js';

export interface OpenAiEmbeddingOptions {
  /** Base URL including the version path, e.g. `https://api.openai.com/v1` or `http://vllm:8000/v1`. */
  baseURL: string;
  /** Bearer key; servers without auth accept any value (default `unused`). */
  apiKey?: string;
  /** Model name, e.g. `text-embedding-3-small`. */
  model: string;
  /** Length of the vectors the model returns (checked on every response). */
  dimensions: number;
  /** Send `dimensions` in requests (OpenAI text-embedding-3 models shorten vectors); default false. */
  sendDimensions?: boolean;
  /** Inputs per request; default 128 (OpenAI accepts up to 2048). */
  batchSize?: number;
  /** Requests in flight at once; default 2. */
  concurrency?: number;
  /** Timeout of one request attempt; default 30 s. */
  timeoutMs?: number;
  /** Retries per request on 429 / 5xx / network errors; default 4. */
  maxRetries?: number;
  /** Budget of a whole embed() call, retries included; default 120 s. */
  budgetMs?: number;
}

/**
 * fetch that reports an aborted request as a plain `AbortError` of this realm,
 * so the client recognizes its own per-attempt timeout (and retries it) even
 * where fetch's DOMException comes from another realm (jest's VM sandbox).
 */
async function fetchWithPlainAbort(url: string | URL | Request, init?: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    if (init?.signal?.aborted) {
      const abort = new Error('request aborted', { cause: error });
      abort.name = 'AbortError';
      throw abort;
    }
    throw error;
  }
}

function positiveInt(name: string, value: number, max: number): number {
  if (!Number.isInteger(value) || value < 0 || value > max || (value === 0 && name !== 'maxRetries')) {
    throw new EmbeddingError(EmbeddingErrorCode.InvalidInput, `openai ${name} must be an integer in ${name === 'maxRetries' ? 0 : 1}..${max}, got ${value}`);
  }
  return value;
}

export class OpenAiEmbeddingProvider implements EmbeddingProvider {
  readonly id: string;
  readonly dimensions: number;
  private readonly clientOptions: ClientOptions;
  private sdk: typeof import('openai') | undefined;
  private client: OpenAI | undefined;
  private readonly model: string;
  private readonly sendDimensions: boolean;
  private readonly batchSize: number;
  private readonly concurrency: number;
  private readonly budgetMs: number;
  private closed = false;

  constructor(options: OpenAiEmbeddingOptions) {
    let url: URL;
    try {
      url = new URL(options.baseURL);
    } catch {
      throw new EmbeddingError(EmbeddingErrorCode.InvalidInput, `openai baseURL is not a URL: ${JSON.stringify(options.baseURL)}`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new EmbeddingError(EmbeddingErrorCode.InvalidInput, `openai baseURL must be http(s), got ${url.protocol}`);
    }
    if (!options.model?.trim()) throw new EmbeddingError(EmbeddingErrorCode.InvalidInput, 'openai model must be a non-empty name');
    this.model = options.model.trim();
    this.dimensions = positiveInt('dimensions', options.dimensions, 65536);
    this.sendDimensions = options.sendDimensions ?? false;
    this.batchSize = positiveInt('batchSize', options.batchSize ?? 128, 2048);
    this.concurrency = positiveInt('concurrency', options.concurrency ?? 2, 64);
    this.budgetMs = positiveInt('budgetMs', options.budgetMs ?? 120_000, 3_600_000);
    this.clientOptions = {
      baseURL: url.toString().replace(/\/$/, ''),
      apiKey: options.apiKey || 'unused',
      timeout: positiveInt('timeoutMs', options.timeoutMs ?? 30_000, 3_600_000),
      maxRetries: positiveInt('maxRetries', options.maxRetries ?? 4, 20),
      fetch: fetchWithPlainAbort,
    };
    this.id = `openai:${this.model};d=${this.dimensions}${this.sendDimensions ? ';shortened' : ''}`;
  }

  /** Loads the client; the first request shows whether the endpoint works. */
  async init(): Promise<void> {
    if (this.closed) throw new EmbeddingError(EmbeddingErrorCode.Closed, 'the openai embedding provider is closed');
    this.sdk ??= await import('openai');
    this.client ??= new this.sdk.OpenAI(this.clientOptions);
  }

  async embed(texts: string[], signal?: AbortSignal): Promise<Float32Array[]> {
    assertTexts(texts);
    await this.init();
    throwIfAborted(signal);
    const budgetController = new AbortController();
    const budgetTimer = setTimeout(() => budgetController.abort(new Error('embedding budget exceeded')), this.budgetMs);
    const budget = budgetController.signal;
    const stop = new AbortController(); // first failure stops the other batches
    const combined = AbortSignal.any(signal ? [signal, budget, stop.signal] : [budget, stop.signal]);
    const out = new Array<Float32Array>(texts.length);
    let next = 0;
    const runner = async (): Promise<void> => {
      while (next < texts.length) {
        const start = next;
        next += this.batchSize;
        const vectors = await this.request(texts.slice(start, start + this.batchSize), combined, signal, budget);
        vectors.forEach((v, i) => {
          out[start + i] = v;
        });
      }
    };
    const batches = Math.ceil(texts.length / this.batchSize);
    try {
      const stopOthers = (error: unknown): never => {
        stop.abort();
        throw error;
      };
      await Promise.all(Array.from({ length: Math.min(this.concurrency, batches) }, () => runner().catch(stopOthers)));
    } finally {
      clearTimeout(budgetTimer);
    }
    return out;
  }

  async close(): Promise<void> {
    this.closed = true;
  }

  private async request(input: string[], signal: AbortSignal, callerSignal: AbortSignal | undefined, budget: AbortSignal): Promise<Float32Array[]> {
    let response: OpenAI.CreateEmbeddingResponse;
    try {
      response = await this.client!.embeddings.create(
        { model: this.model, input, ...(this.sendDimensions ? { dimensions: this.dimensions } : {}) },
        { signal },
      );
    } catch (error) {
      throw this.translate(error, callerSignal, budget);
    }
    return this.readResponse(response, input.length);
  }

  private readResponse(response: OpenAI.CreateEmbeddingResponse, expected: number): Float32Array[] {
    const data = Array.isArray(response?.data) ? response.data : undefined;
    if (!data || data.length !== expected) {
      throw new EmbeddingError(EmbeddingErrorCode.RequestRejected, `embeddings endpoint returned ${data?.length ?? 'no'} vectors for ${expected} inputs`);
    }
    const out = new Array<Float32Array>(expected);
    for (const [position, item] of data.entries()) {
      const index = typeof item.index === 'number' ? item.index : position;
      const raw = item.embedding as unknown;
      if (!(Array.isArray(raw) || raw instanceof Float32Array) || raw.length !== this.dimensions) {
        const got = Array.isArray(raw) || raw instanceof Float32Array ? `${raw.length}-d` : 'a non-vector';
        throw new EmbeddingError(
          EmbeddingErrorCode.RequestRejected,
          `model ${this.model} returned ${got} embedding, configured dimensions are ${this.dimensions}`,
        );
      }
      if (index < 0 || index >= expected || out[index]) {
        throw new EmbeddingError(EmbeddingErrorCode.RequestRejected, `embeddings endpoint returned a bad or repeated index ${index}`);
      }
      out[index] = normalizeInPlace(Float32Array.from(raw as ArrayLike<number>));
    }
    return out;
  }

  private translate(error: unknown, callerSignal: AbortSignal | undefined, budget: AbortSignal): EmbeddingError {
    const where = `embeddings endpoint (model ${this.model})`;
    const { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } = this.sdk!;
    if (error instanceof APIUserAbortError || callerSignal?.aborted || budget.aborted) {
      if (callerSignal?.aborted) return new EmbeddingError(EmbeddingErrorCode.Aborted, 'embedding aborted by the caller', { cause: error });
      return new EmbeddingError(EmbeddingErrorCode.Timeout, `${where}: no answer within the budget of ${this.budgetMs} ms`, { cause: error });
    }
    if (error instanceof APIConnectionTimeoutError) {
      return new EmbeddingError(EmbeddingErrorCode.Timeout, `${where}: request timed out after retries`, { cause: error });
    }
    if (error instanceof APIConnectionError) {
      return new EmbeddingError(EmbeddingErrorCode.RequestFailed, `${where}: cannot connect (${error.message})`, { cause: error });
    }
    if (error instanceof APIError && typeof error.status === 'number') {
      const retriable = error.status === 429 || error.status === 408 || error.status === 409 || error.status >= 500;
      const code = retriable ? EmbeddingErrorCode.RequestFailed : EmbeddingErrorCode.RequestRejected;
      const hint = error.status === 401 || error.status === 403 ? ' (check the API key)' : error.status === 404 ? ' (check the base URL and model)' : '';
      return new EmbeddingError(code, `${where} answered HTTP ${error.status}${retriable ? ' after retries' : ''}${hint}: ${error.message}`, { cause: error });
    }
    return new EmbeddingError(EmbeddingErrorCode.RequestFailed, `${where}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}
