/**
 * What a service's generation needs without a language model: the composer (used when no model
 * is configured, and as the model's first draft) and the hooks the model loop reports to. The
 * model client itself is made by query-generator.factory.ts, loaded only when LLM_MODEL is set.
 */
import type { GenerationConfig } from '@discovery/config';
import { QueryComposer } from './compose/query-composer.js';
import type { GenerationHooks, QueryGenerator } from './query-generator.js';

/** The composer of a service: used when no model is configured, and as the model's first draft. */
export function queryComposerFromConfig(generate: GenerationConfig): QueryComposer {
  return new QueryComposer({ allowMutations: generate.allowMutations });
}

export interface QueryGeneratorDeps {
  log?: ConstructorParameters<typeof QueryGenerator>[2];
  /** Told about every model attempt (metrics). */
  onModelAttempt?: GenerationHooks['modelAttempt'];
}
