/**
 * Builds the QueryGenerator from a service's model and generation settings
 * (the generator worker and the all-in-one `serve` use the same one) over the
 * OpenAI-compatible endpoint, Azure OpenAI when LLM_AZURE_API_VERSION is set;
 * or nothing when no model is configured: jobs are then composed. How each
 * server is configured is in docs/models.md. It loads the `openai` client (236 modules) and
 * undici's Agent, so it is reached only through `@discovery/generation/openai` or the dynamic
 * import in generator.assembly.ts when LLM_MODEL is set (a process without a model never loads
 * them: docs/performance.md "Idle memory and start").
 */
import OpenAI, { AzureOpenAI, type ClientOptions as OpenAIOptions } from 'openai';
import { Agent } from 'undici';
import type { GenerationConfig, LlmConfig } from '@discovery/config';
import { QueryGenerator } from './query-generator.js';
import { queryComposerFromConfig, type QueryGeneratorDeps } from './query-composer.factory.js';
import { normalizingFetch, OpenAiChatModel } from './openai-chat.model.js';

/** The `openai` client for the configured endpoint (Azure's deployment paths and api-key header included). */
export function chatClient(llm: LlmConfig, options: { fetch?: typeof fetch } = {}): OpenAI {
  // Local servers (vLLM, Ollama, llama.cpp) often need no key; the client insists on one.
  const apiKey = llm.apiKey ?? 'not-configured';
  // The loop retries within its own budget (429 with retry-after, 5xx, timeouts). fetch's own
  // agent gives up on an answer whose headers take over 300 s, whatever LLM_TIMEOUT says: a
  // model on CPUs takes longer than that for a long prompt (docs/models.md), so the agent waits
  // as long as LLM_TIMEOUT.
  const dispatcher = new Agent({ headersTimeout: llm.timeoutMs, bodyTimeout: llm.timeoutMs });
  const common = {
    apiKey,
    maxRetries: 0,
    timeout: llm.timeoutMs,
    fetch: options.fetch ?? normalizingFetch,
    fetchOptions: { dispatcher } as OpenAIOptions['fetchOptions'],
  };
  if (llm.azureApiVersion !== undefined) {
    if (llm.baseUrl === undefined) throw new RangeError('Azure OpenAI needs OPENAI_BASE_URL (https://<resource>.openai.azure.com)');
    const resource = llm.baseUrl.replace(/\/+$/, '');
    return new AzureOpenAI({
      ...common,
      baseURL: resource.endsWith('/openai') ? resource : `${resource}/openai`,
      apiVersion: llm.azureApiVersion,
      deployment: llm.model as string,
    });
  }
  // Always an explicit base URL: the client would otherwise read the environment itself.
  return new OpenAI({ ...common, baseURL: llm.baseUrl ?? 'https://api.openai.com/v1' });
}

export function queryGeneratorFromConfig(llm: LlmConfig, generate: GenerationConfig, deps: QueryGeneratorDeps = {}): QueryGenerator | undefined {
  if (llm.model === undefined) return undefined;
  const local = llm.baseUrl !== undefined && llm.azureApiVersion === undefined;
  const model = new OpenAiChatModel(chatClient(llm), {
    model: llm.model,
    ...(llm.contextTokens !== undefined ? { contextTokens: llm.contextTokens } : {}),
    ...(local ? { probeBaseUrl: llm.baseUrl } : {}),
    ...(llm.apiKey !== undefined ? { apiKey: llm.apiKey } : {}),
  });
  return new QueryGenerator(
    model,
    {
      maxTurns: generate.maxTurns,
      timeoutMs: generate.timeoutMs,
      callTimeoutMs: llm.timeoutMs,
      allowMutations: generate.allowMutations,
      ...(llm.maxOutputTokens !== undefined ? { maxOutputTokens: llm.maxOutputTokens } : {}),
      composer: queryComposerFromConfig(generate),
    },
    deps.log,
    deps.onModelAttempt ? { modelAttempt: deps.onModelAttempt } : undefined,
  );
}
