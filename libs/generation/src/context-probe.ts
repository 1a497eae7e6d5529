/**
 * The context window an OpenAI-compatible endpoint reports for a model, asked
 * once: vLLM's `/v1/models` (`max_model_len`), llama.cpp's `/props`
 * (`default_generation_settings.n_ctx`), Ollama's `/api/show` (`num_ctx` of
 * the model's parameters, else Ollama's default of 4096 within the model's own
 * `context_length`) and LM Studio's `/api/v0/models/<id>`
 * (`loaded_context_length`). The first that answers with a number wins, in
 * that order; none: undefined (docs/models.md).
 */

export interface ContextProbeOptions {
  /** The chat endpoint's base URL, e.g. `http://127.0.0.1:8080/v1`. */
  baseUrl: string;
  model: string;
  apiKey?: string;
  /** Per request. Default 3 s. */
  timeoutMs?: number;
  fetch?: typeof fetch;
  signal?: AbortSignal;
}

/** Ollama's context window when a model's parameters set none (on machines with less than 24 GiB of VRAM). */
export const OLLAMA_DEFAULT_CONTEXT = 4096;

type Json = Record<string, unknown>;

function positive(value: unknown): number | undefined {
  const number = typeof value === 'string' ? Number(value) : value;
  return typeof number === 'number' && Number.isSafeInteger(number) && number > 0 ? number : undefined;
}

function fromModels(body: Json, model: string): number | undefined {
  const data = Array.isArray(body['data']) ? (body['data'] as Json[]) : [];
  const entry = data.find((item) => item['id'] === model) ?? (data.length === 1 ? data[0] : undefined);
  return positive(entry?.['max_model_len']) ?? positive(entry?.['context_length']) ?? positive(entry?.['context_window']);
}

function fromProps(body: Json): number | undefined {
  const settings = body['default_generation_settings'] as Json | undefined;
  return positive(settings?.['n_ctx']) ?? positive(body['n_ctx']);
}

function fromOllamaShow(body: Json): number | undefined {
  if (!('model_info' in body) && !('parameters' in body)) return undefined;
  const parameters = typeof body['parameters'] === 'string' ? body['parameters'] : '';
  const numCtx = /(?:^|\n)\s*num_ctx\s+(\d+)/.exec(parameters)?.[1];
  if (numCtx) return positive(numCtx);
  const info = (body['model_info'] ?? {}) as Json;
  const trained = Object.entries(info).find(([key]) => key.endsWith('.context_length'))?.[1];
  const max = positive(trained);
  return max === undefined ? OLLAMA_DEFAULT_CONTEXT : Math.min(max, OLLAMA_DEFAULT_CONTEXT);
}

function fromLmStudio(body: Json): number | undefined {
  return positive(body['loaded_context_length']) ?? positive(body['max_context_length']);
}

/**
 * Asks the endpoint for `model`'s context window: a number, undefined when the endpoint answered
 * but reports none, or 'unreachable' when nothing answered (worth asking again later).
 */
export async function probeContextTokens(options: ContextProbeOptions): Promise<number | undefined | 'unreachable'> {
  const doFetch = options.fetch ?? fetch;
  const base = options.baseUrl.replace(/\/+$/, '');
  const root = base.replace(/\/v1$/, '');
  const headers: Record<string, string> = { accept: 'application/json', ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}) };
  let answered = false;
  const ask = async (url: string, init: RequestInit = {}): Promise<Json | undefined> => {
    try {
      const signals = [AbortSignal.timeout(options.timeoutMs ?? 3000), ...(options.signal ? [options.signal] : [])];
      const response = await doFetch(url, { ...init, headers: { ...headers, ...(init.headers as Record<string, string>) }, signal: AbortSignal.any(signals) });
      answered = true;
      if (!response.ok) return undefined;
      const body: unknown = await response.json();
      return body && typeof body === 'object' ? (body as Json) : undefined;
    } catch {
      return undefined;
    }
  };
  const model = encodeURIComponent(options.model);
  const answers = await Promise.all([
    ask(`${base}/models`).then((body) => body && fromModels(body, options.model)),
    ask(`${root}/props`).then((body) => body && fromProps(body)),
    ask(`${root}/api/show`, { method: 'POST', body: JSON.stringify({ model: options.model }), headers: { 'content-type': 'application/json' } }).then(
      (body) => body && fromOllamaShow(body),
    ),
    ask(`${root}/api/v0/models/${model}`).then((body) => body && fromLmStudio(body)),
  ]);
  return answers.find((tokens): tokens is number => tokens !== undefined) ?? (answered ? undefined : 'unreachable');
}
