/**
 * QueryComposer: a prompt turned into one operation without a language model,
 * deterministically. The same retrieval as the model path (hybrid search, then
 * the schema slice), then: the type the prompt is about, the cheapest path to
 * it from the root (fields named in the prompt and fields of the slice are
 * cheaper; required arguments without a literal dearer), the fields asked for
 * on it and on the types around it, the identifying fields, and the prompt's
 * literals bound to arguments. The draft is finished like a model's operation
 * (finalizeOperation), so what it returns is valid.
 */
import type { GraphQLSchema } from 'graphql';
import type { RootOperation } from '@discovery/schema-symbols';
import type { GenerateJobResult, Resolution } from '@discovery/generation';
import type { GenerationHit, GenerationIndex } from '@discovery/generation';
import { refusalFor } from '@discovery/generation';
import { analyzeQuery } from '@discovery/ranking';
import { sliceSchemaByHits } from '../../previous-slicer/whole-type-slicer.js';
import type { ScalarJsonSchemas } from '@discovery/generation';
import { ArgumentBinder } from './argument-binding.js';
import { draftOperation, type OperationPlan } from './draft-builder.js';
import { extractLiterals } from './prompt-literals.js';
import { asksForNothing, contentWords } from './prompt-words.js';
import { interestOf, type ScoredHit } from './target-choice.js';
import { missingWords } from './unsatisfied-words.js';
import { finalizeOperation } from '@discovery/generation';
import { planOperation } from './operation-planner.js';

export interface QueryComposerOptions {
  /** GENERATE_ALLOW_MUTATIONS. */
  allowMutations: boolean;
  /** Hits retrieved (as for the model's slice). Default 50. */
  hits?: number;
  scalars?: ScalarJsonSchemas;
}

/** Said in `unsatisfied` when nothing in the schema fits the request. */
export const NOTHING_MATCHES = 'Nothing in the schema matches the request.';

/**
 * Whether the prompt asks to change data: the search's own reading of intent (a verb that opens the
 * request or a clause, action phrases, questions kept as reads), so composing and search agree.
 */
export function asksToChange(prompt: string): boolean {
  return analyzeQuery(prompt).write;
}

export class QueryComposer {
  constructor(private readonly options: QueryComposerOptions) {}

  /** Searches `index` for the prompt (as the model path does) and composes. */
  async compose(index: GenerationIndex, prompt: string): Promise<GenerateJobResult> {
    const hits = await index.search({ query: prompt, limit: this.options.hits ?? 50, roots: this.roots() });
    return this.composeFromHits(index.schema, prompt, hits);
  }

  /** Composes from hits already retrieved for the prompt (and their slice's fields, when the caller sliced already). */
  composeFromHits(schema: GraphQLSchema, prompt: string, hits: readonly GenerationHit[], sliceFields?: ReadonlySet<string>): GenerateJobResult {
    if (asksForNothing(prompt)) return { status: 'no_data', reason: 'The prompt asks for no data.' };
    const change = asksToChange(prompt);
    if (change && !this.options.allowMutations) {
      return this.resolved([], [refusalFor('mutation', this.options, '') as string]);
    }
    const fields =
      sliceFields ??
      sliceSchemaByHits(
        schema,
        hits.map((hit) => hit.symbol),
        { roots: this.roots() },
      ).fields;
    const plan = this.plan(schema, prompt, hits, fields, change ? 'mutation' : 'query');
    const unsatisfied = missingWords(schema, prompt);
    if (!plan) return this.resolved([], unsatisfied.length > 0 ? unsatisfied : [NOTHING_MATCHES]);
    const finished = finalizeOperation(schema, { document: plan.document, description: plan.description }, new Set(), this.finishOptions());
    if (finished.ok) return this.resolved([finished.query], unsatisfied);
    // A literal bound where the schema's scalar refuses it: the same shape with variables only.
    const plain = this.plan(schema, prompt, hits, fields, change ? 'mutation' : 'query', false);
    const retried = plain && finalizeOperation(schema, { document: plain.document, description: plain.description }, new Set(), this.finishOptions());
    return retried?.ok ? this.resolved([retried.query], unsatisfied) : this.resolved([], [...unsatisfied, NOTHING_MATCHES]);
  }

  /** The draft operation for `prompt` (unfinished: literals still inline), or undefined when nothing fits. */
  plan(
    schema: GraphQLSchema,
    prompt: string,
    hits: readonly GenerationHit[],
    sliceFields: ReadonlySet<string>,
    operation: 'query' | 'mutation' = 'query',
    bindLiterals = true,
  ): OperationPlan | undefined {
    if (hits.length === 0) return undefined;
    const top = hits[0]?.score ?? 1;
    const scored: ScoredHit[] = hits.map((hit) => ({ symbol: hit.symbol, weight: top > 0 ? hit.score / top : 0 }));
    const stems = new Set(contentWords(prompt).map((word) => word.stem));
    const literals = extractLiterals(prompt);
    const interest = interestOf(schema, scored, stems);
    const mine = /\b(my|me|mine|i|i'm|myself)\b/i.test(prompt);
    const words = new Set(prompt.toLowerCase().split(/[^a-z0-9]+/));
    const planned = planOperation(schema, { operation, interest, stems, words, literals, mine, sliceFields });
    if (!planned) return undefined;
    const binder = new ArgumentBinder(schema, bindLiterals ? literals : [], stems);
    return draftOperation(schema, planned, binder, operation);
  }

  private finishOptions(): { scalars?: ScalarJsonSchemas } {
    return this.options.scalars ? { scalars: this.options.scalars } : {};
  }

  private roots(): RootOperation[] {
    return this.options.allowMutations ? ['query', 'mutation'] : ['query'];
  }

  private resolved(queries: Resolution['queries'], unsatisfied: string[]): GenerateJobResult {
    return { status: 'resolved', resolution: { queries, unsatisfied, truncated: false } };
  }
}
