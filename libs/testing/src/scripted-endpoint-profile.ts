/**
 * How the scripted OpenAI-compatible server behaves like one real server
 * (docs/models.md lists what each is documented to do): its routes besides
 * chat completions (model information, context window), the shape of its
 * error bodies, and its refusals (context overflow, no tool support, unknown
 * parameters, Azure's api-key, api-version and deployments). Each profile is
 * what the server's own documentation and issue threads show.
 */
import { countTokens } from 'gpt-tokenizer';

export type EndpointKind = 'openai' | 'vllm' | 'ollama' | 'llamacpp' | 'lmstudio' | 'azure';

export interface EndpointProfile {
  kind?: EndpointKind;
  /** The window the server enforces (and reports where it has a route for it). Unset: no limit. */
  contextTokens?: number;
  /** The model it serves; another name is refused as unknown (not llama.cpp, which serves one model whatever the name). */
  model?: string;
  /** false: refuses requests with `tools` (Ollama without a tool template, vLLM without a tool parser). */
  tools?: boolean;
  /** Refuses `tool_choice`. */
  rejectToolChoice?: boolean;
  /** Refuses `response_format`. */
  rejectResponseFormat?: boolean;
  /** Refuses `max_tokens` and wants `max_completion_tokens` (OpenAI's reasoning models). */
  requireMaxCompletionTokens?: boolean;
  /** Answers every request as a stream of server-sent events, even `stream: false`. */
  streamOnly?: boolean;
  /** Azure: the deployment served, the api-version accepted and the key expected in `api-key`. */
  azure?: { deployment: string; apiVersion: string; apiKey: string };
}

export interface RefusalBody {
  status: number;
  body: unknown;
}

/** An error body in the server's own shape. */
export function errorBody(kind: EndpointKind, status: number, message: string, extra: Record<string, unknown> = {}): unknown {
  switch (kind) {
    case 'vllm':
      return { object: 'error', message, type: status === 404 ? 'NotFoundError' : 'BadRequestError', param: null, code: status, ...extra };
    case 'lmstudio':
      return { error: message };
    case 'llamacpp':
      return { error: { code: status, message, type: status === 400 ? 'invalid_request_error' : 'server_error', ...extra } };
    case 'ollama':
      return { error: { message, type: 'api_error', param: null, code: null } };
    case 'azure':
      return { error: { code: extra['code'] ?? String(status), message } };
    case 'openai':
      return { error: { message, type: 'invalid_request_error', param: null, code: extra['code'] ?? null } };
  }
}

/** Tokens the server counts for a request's prompt: messages and tools, o200k (a real server's tokenizer differs). */
export function promptTokensOf(body: Record<string, unknown>): number {
  const messages = Array.isArray(body['messages']) ? (body['messages'] as { content?: unknown; tool_calls?: unknown }[]) : [];
  const text = messages
    .map((m) => `${typeof m.content === 'string' ? m.content : JSON.stringify(m.content ?? '')}${m.tool_calls ? JSON.stringify(m.tool_calls) : ''}`)
    .join('\n');
  return countTokens(text) + 4 * messages.length + (body['tools'] ? countTokens(JSON.stringify(body['tools'])) : 0);
}

function overflow(kind: EndpointKind, context: number, prompt: number, completion: number): RefusalBody {
  const total = prompt + completion;
  switch (kind) {
    case 'llamacpp':
      return {
        status: 400,
        body: errorBody(kind, 400, `request (${total} tokens) exceeds the available context size (${context} tokens), try increasing it`, {
          type: 'exceed_context_size_error',
          n_prompt_tokens: prompt,
          n_ctx: context,
        }),
      };
    case 'lmstudio':
      return {
        status: 400,
        body: errorBody(
          kind,
          400,
          `The number of tokens to keep from the initial prompt is greater than the context length (n_keep: ${prompt} >= n_ctx: ${context}).`,
        ),
      };
    case 'vllm':
      return {
        status: 400,
        body: errorBody(
          kind,
          400,
          `This model's maximum context length is ${context} tokens. However, you requested ${total} tokens (${prompt} in the messages, ${completion} in the completion). Please reduce the length of the messages or completion.`,
        ),
      };
    default:
      return {
        status: 400,
        body: errorBody(
          kind,
          400,
          `This model's maximum context length is ${context} tokens. However, your messages resulted in ${total} tokens. Please reduce the length of the messages.`,
          { code: 'context_length_exceeded' },
        ),
      };
  }
}

function noTools(kind: EndpointKind, model: string): RefusalBody {
  if (kind === 'vllm')
    return { status: 400, body: errorBody(kind, 400, '"auto" tool choice requires --enable-auto-tool-choice and --tool-call-parser to be set') };
  if (kind === 'ollama') return { status: 400, body: errorBody(kind, 400, `registry.ollama.ai/library/${model} does not support tools`) };
  return { status: 400, body: errorBody(kind, 400, 'tools are not supported by this model') };
}

function unknownModel(kind: EndpointKind, model: string): RefusalBody {
  if (kind === 'ollama') return { status: 404, body: errorBody(kind, 404, `model "${model}" not found, try pulling it first`) };
  if (kind === 'vllm') return { status: 404, body: errorBody(kind, 404, `The model \`${model}\` does not exist.`) };
  return { status: 404, body: errorBody(kind, 404, `The model \`${model}\` does not exist or you do not have access to it.`, { code: 'model_not_found' }) };
}

/** The refusal a server of this profile answers `body` with, or undefined when it would run it. */
export function refusalFor(profile: EndpointProfile, body: Record<string, unknown>): RefusalBody | undefined {
  const kind = profile.kind ?? 'openai';
  const model = typeof body['model'] === 'string' ? body['model'] : '';
  if (profile.model !== undefined && kind !== 'llamacpp' && kind !== 'azure' && model !== profile.model) return unknownModel(kind, model);
  if (profile.requireMaxCompletionTokens && body['max_tokens'] !== undefined) {
    return {
      status: 400,
      body: errorBody(kind, 400, "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.", {
        code: 'unsupported_parameter',
      }),
    };
  }
  if (profile.rejectToolChoice && body['tool_choice'] !== undefined) return { status: 400, body: errorBody(kind, 400, 'tool_choice is not supported') };
  if (profile.rejectResponseFormat && body['response_format'] !== undefined)
    return { status: 400, body: errorBody(kind, 400, "'response_format' is not supported") };
  if (profile.tools === false && Array.isArray(body['tools']) && body['tools'].length > 0) return noTools(kind, model);
  if (profile.contextTokens !== undefined && kind !== 'ollama') {
    const completion = Number(body['max_tokens'] ?? body['max_completion_tokens'] ?? 0);
    const prompt = promptTokensOf(body);
    if (prompt + completion > profile.contextTokens) return overflow(kind, profile.contextTokens, prompt, completion);
  }
  return undefined;
}

/** Whether the prompt overflows the window: Ollama then drops the oldest messages silently instead of refusing. */
export function overflows(profile: EndpointProfile, body: Record<string, unknown>): boolean {
  if (profile.contextTokens === undefined) return false;
  return promptTokensOf(body) + Number(body['max_tokens'] ?? body['max_completion_tokens'] ?? 0) > profile.contextTokens;
}

/** The server's answer to a route other than chat completions (model information), or undefined. */
export function infoRoute(profile: EndpointProfile, method: string, path: string): { status: number; body: unknown } | undefined {
  const kind = profile.kind ?? 'openai';
  const model = profile.model ?? 'scripted';
  const context = profile.contextTokens;
  const route = path.split('?')[0] ?? '';
  if (method === 'GET' && route === '/v1/models') {
    const entry: Record<string, unknown> = { id: model, object: 'model', owned_by: kind };
    if (kind === 'vllm' && context !== undefined) entry['max_model_len'] = context;
    return { status: 200, body: { object: 'list', data: [entry] } };
  }
  if (kind === 'llamacpp' && method === 'GET' && route === '/props') {
    return {
      status: 200,
      body: { default_generation_settings: { n_ctx: context ?? 4096 }, total_slots: 1, chat_template_caps: { supports_tools: profile.tools !== false } },
    };
  }
  if (kind === 'ollama' && method === 'POST' && route === '/api/show') {
    return {
      status: 200,
      body: {
        parameters: context !== undefined ? `num_ctx                        ${context}\nstop "<|im_end|>"` : 'stop "<|im_end|>"',
        model_info: { 'qwen2.context_length': 32768 },
      },
    };
  }
  if (kind === 'lmstudio' && method === 'GET' && route === `/api/v0/models/${encodeURIComponent(model)}`) {
    return { status: 200, body: { id: model, state: 'loaded', max_context_length: 32768, loaded_context_length: context ?? 4096 } };
  }
  return undefined;
}

/** Azure's checks of a chat request: path with the deployment, api-version, api-key. */
export function azureRefusal(profile: EndpointProfile, path: string, headers: Record<string, string | string[] | undefined>): RefusalBody | undefined {
  const azure = profile.azure;
  if (!azure) return undefined;
  const [route, query = ''] = path.split('?');
  const version = new URLSearchParams(query).get('api-version');
  if (headers['api-key'] !== azure.apiKey) {
    return {
      status: 401,
      body: errorBody(
        'azure',
        401,
        'Access denied due to invalid subscription key or wrong API endpoint. Make sure to provide a valid key for an active subscription and use a correct regional API endpoint for your resource.',
      ),
    };
  }
  if (!version) return { status: 404, body: errorBody('azure', 404, 'Resource not found') };
  if (version !== azure.apiVersion) return { status: 400, body: errorBody('azure', 400, 'API version not supported', { code: 'BadRequest' }) };
  const deployment = /^\/openai\/deployments\/([^/]+)\/chat\/completions$/.exec(route ?? '')?.[1];
  if (deployment !== azure.deployment) {
    return {
      status: 404,
      body: errorBody(
        'azure',
        404,
        'The API deployment for this resource does not exist. If you created the deployment within the last 5 minutes, please wait a moment and try again.',
        { code: 'DeploymentNotFound' },
      ),
    };
  }
  return undefined;
}
