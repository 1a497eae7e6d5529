/**
 * Builds the QueryGenerator from a service's model and generation settings
 * (the generator worker and the all-in-one `serve` use the same one), or
 * nothing when no model is configured: jobs then answer `unimplemented`.
 */
import OpenAI from 'openai';
import type { GenerationConfig, LlmConfig } from '@discovery/config';
import { type GenerationHooks, QueryGenerator } from './query-generator.js';
import { QueryComposer } from './compose/query-composer.js';

/** The composer of a service: used when no model is configured, and as the model's first draft. */
export function queryComposerFromConfig(generate: GenerationConfig): QueryComposer {
  return new QueryComposer({ allowMutations: generate.allowMutations });
}

export interface QueryGeneratorDeps {
  log?: ConstructorParameters<typeof QueryGenerator>[2];
  /** Told about every model attempt (metrics). */
  onModelAttempt?: GenerationHooks['modelAttempt'];
}

export function queryGeneratorFromConfig(
  llm: LlmConfig,
  generate: GenerationConfig,
  deps: QueryGeneratorDeps = {},
): QueryGenerator | undefined {
  if (llm.model === undefined) return undefined;
  const client = new OpenAI({
    ...(llm.baseUrl !== undefined ? { baseURL: llm.baseUrl } : {}),
    // Local OpenAI-compatible servers (vLLM, Ollama) often need no key; the client insists on one.
    apiKey: llm.apiKey ?? 'not-configured',
    // The loop retries within its own budget (429 with retry-after, 5xx, timeouts).
    maxRetries: 0,
    timeout: llm.timeoutMs,
  });
  return new QueryGenerator(
    client,
    {
      model: llm.model,
      maxTurns: generate.maxTurns,
      timeoutMs: generate.timeoutMs,
      callTimeoutMs: llm.timeoutMs,
      allowMutations: generate.allowMutations,
      composer: queryComposerFromConfig(generate),
    },
    deps.log,
    deps.onModelAttempt ? { modelAttempt: deps.onModelAttempt } : undefined,
  );
}
