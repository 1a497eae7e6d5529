/**
 * The one place the model loop calls the composer (docs/models.md "The
 * composer's draft"): from the hits and the slice already made for the model
 * (nothing is searched or sliced again) it gives the composer's own answer,
 * the fallback when the model gives nothing usable, and the draft document the
 * model is shown, written as the rules ask (literal values inline; a variable
 * only for a required argument nobody gave). The draft carries no unsatisfied
 * reasons: a model told to submit it unchanged would copy doubtful ones.
 * Until the composer exports its own check of a draft, "passes the composer's
 * checks" is: the composer answered with that operation.
 */
import type { GraphQLSchema } from 'graphql';
import type { GenerateJobResult } from './contract/generate-job.js';
import type { GenerationHit } from './generation-index.js';
import type { QueryComposer } from './compose/query-composer.js';
import { finalizeOperation } from './finalize-operation.js';
import type { ModelDraft } from './model-prompt.js';

export interface ComposerDraft {
  /** What the composer answers on its own (status resolved, no_data, ...). */
  answer: GenerateJobResult;
  /** The operation shown to the model, when the composer found one. */
  draft?: ModelDraft;
}

/** The composer's answer and draft for `prompt`, or undefined when composing failed (a failure only costs the draft). */
export function composeDraft(
  composer: QueryComposer,
  schema: GraphQLSchema,
  prompt: string,
  hits: readonly GenerationHit[],
  sliceFields: ReadonlySet<string>,
): ComposerDraft {
  const answer = composer.composeFromHits(schema, prompt, hits, sliceFields);
  const query = answer.status === 'resolved' ? answer.resolution.queries[0] : undefined;
  if (!query) return { answer };
  const operation = query.operationType === 'mutation' ? 'mutation' : 'query';
  const plan = composer.plan(schema, prompt, hits, sliceFields, operation);
  const literal = plan && finalizeOperation(schema, { document: plan.document, description: plan.description }, new Set()).ok;
  const plain = literal ? undefined : composer.plan(schema, prompt, hits, sliceFields, operation, false);
  const document = literal ? plan.document : plain?.document;
  return document ? { answer, draft: { document } } : { answer };
}
