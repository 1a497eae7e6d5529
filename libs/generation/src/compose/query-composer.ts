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
import { getNullableType, isObjectType, type GraphQLSchema } from 'graphql';
import type { RootOperation } from '@discovery/schema-symbols';
import type { GenerateJobResult, Resolution } from '../contract/generate-job.js';
import type { GenerationHit, GenerationIndex } from '../generation-index.js';
import { refusalFor } from '../mutation-policy.js';
import { analyzeQuery } from '@discovery/ranking';
import { sliceFromHits } from '@discovery/schema-slice';
import { sliceFieldsOf } from './slice-fields.js';
import type { ScalarJsonSchemas } from '../variables-schema.js';
import { ArgumentBinder, listOrderOf } from './argument-binding.js';
import { draftMutation, draftOperation, type OperationPlan } from './draft-builder.js';
import { chooseMutation, noMutationReason, opensWithMutationVerb, spelledMutation, typedMutation } from './mutation-choice.js';
import { extractLiterals, type PromptLiteral } from './prompt-literals.js';
import { valueLiterals } from './capital-values.js';
import { stripHidden } from '@discovery/schema-symbols';
import { asksForNothing, contentWords, countedStems, stem } from './prompt-words.js';
import { interestOf, type ScoredHit } from './target-choice.js';
import { missingWords } from './unsatisfied-words.js';
import { finalizeOperation } from '../finalize-operation.js';
import { planOperation, stateNounsOf } from './operation-planner.js';

/**
 * The budget of the field slice whose fields make the composer's paths cheaper (docs/composer.md):
 * at 4k the composed reads cover the gold as at 8k but the slice costs less than half the time.
 */
const COMPOSER_SLICE_TOKENS = 4000;

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

/** Longest value quoted in a reason. */
const MAX_QUOTED = 60;

/**
 * A value of the request no argument took is said, never dropped: the agent then knows to pass it
 * (docs/composer.md "Values"). Comparisons the filter did not take are values too.
 */
export function unboundReasons(literals: readonly PromptLiteral[] | undefined): string[] {
  const reasons: string[] = [];
  for (const literal of literals ?? []) {
    const clean = stripHidden(literal.text).replace(/\s+/g, ' ').trim();
    const shown = clean.length > MAX_QUOTED ? `${clean.slice(0, MAX_QUOTED - 3)}...` : clean;
    const reason = `No argument of the operation takes the value "${shown}" from the request.`;
    if (shown !== '' && !reasons.includes(reason)) reasons.push(reason);
    if (reasons.length === 5) break;
  }
  return reasons;
}

/**
 * Words that only set the scene: "in the shop", "of our store" naming a query root field that takes
 * no argument and returns one object (`QueryRoot.shop`): the request reads what is in it, through
 * the root's own lists, not through that object.
 */
export function settingWords(schema: GraphQLSchema, prompt: string): Set<string> {
  const setting = new Set<string>();
  const fields = schema.getQueryType()?.getFields() ?? {};
  for (const match of prompt.toLowerCase().matchAll(/\b(?:in|of|on|from|across|for)\s+(?:the|our|my|this)\s+([a-z]+)\b/g)) {
    const word = match[1] as string;
    const field = fields[word];
    if (field && field.args.length === 0 && isObjectType(getNullableType(field.type))) setting.add(word);
  }
  return setting;
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
    // A mutation's exact name typed as the request asks for that mutation.
    const change =
      asksToChange(prompt) ||
      typedMutation(schema, prompt) !== undefined ||
      (this.options.allowMutations && (opensWithMutationVerb(schema, prompt, hits) || spelledMutation(schema, prompt) !== undefined));
    if (change && !this.options.allowMutations) {
      return this.resolved([], [refusalFor('mutation', this.options, '') as string]);
    }
    if (change) {
      const choice = chooseMutation(schema, prompt, hits);
      if (!choice.field) return this.resolved([], [noMutationReason(choice.closest)]);
    }
    const operation = change ? 'mutation' : 'query';
    const fields =
      sliceFields ??
      (change ? new Set<string>() : sliceFieldsOf(sliceFromHits(schema, prompt, hits, { roots: this.roots(), maxTokens: COMPOSER_SLICE_TOKENS }).coordinates));
    const plan = this.plan(schema, prompt, hits, fields, operation);
    // What to read that the schema lacks; a request to change data names no attributes to read.
    const unsatisfied = change ? [] : missingWords(schema, prompt);
    if (!plan) return this.resolved([], unsatisfied.length > 0 ? unsatisfied : [NOTHING_MATCHES]);
    const finished = finalizeOperation(schema, { document: plan.document, description: plan.description }, new Set(), this.finishOptions());
    if (finished.ok) return this.resolved([finished.query], [...unsatisfied, ...unboundReasons(plan.unbound)]);
    // A literal bound where the schema's scalar refuses it: the same shape with variables only.
    const plain = this.plan(schema, prompt, hits, fields, operation, false);
    const retried = plain && finalizeOperation(schema, { document: plain.document, description: plain.description }, new Set(), this.finishOptions());
    return retried?.ok
      ? this.resolved([retried.query], [...unsatisfied, ...unboundReasons(valueLiterals(schema, extractLiterals(prompt)))])
      : this.resolved([], [...unsatisfied, NOTHING_MATCHES]);
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
    const stemsOfPrompt = (): Set<string> => new Set(contentWords(prompt).map((word) => word.stem));
    if (operation === 'mutation') {
      const field = chooseMutation(schema, prompt, hits).field;
      if (!field) return undefined;
      const binder = new ArgumentBinder(schema, bindLiterals ? valueLiterals(schema, extractLiterals(prompt)) : [], stemsOfPrompt());
      const plan = draftMutation(schema, field, binder);
      return plan && { ...plan, unbound: [...binder.leftover] };
    }
    const top = hits[0]?.score ?? 1;
    const scored: ScoredHit[] = hits.map((hit) => ({ symbol: hit.symbol, weight: top > 0 ? hit.score / top : 0 }));
    const setting = settingWords(schema, prompt);
    const settingStems = new Set([...setting].map(stem));
    const stems = new Set(
      contentWords(prompt)
        .map((word) => word.stem)
        .filter((word) => !settingStems.has(word)),
    );
    const literals = valueLiterals(schema, extractLiterals(prompt));
    const interest = interestOf(schema, scored, stems);
    const mine = /\b(my|me|mine|i|i'm|myself)\b/i.test(prompt);
    const words = new Set(
      prompt
        .toLowerCase()
        .split(/[^a-z0-9]+/)
        .filter((word) => !setting.has(word)),
    );
    const planned = planOperation(schema, {
      operation,
      interest,
      stems,
      words,
      literals,
      mine,
      sliceFields,
      counted: countedStems(prompt),
      asksWho: /\bwho\b/i.test(prompt),
      stateNouns: stateNounsOf(prompt),
    });
    if (!planned) return undefined;
    const binder = new ArgumentBinder(schema, bindLiterals ? literals : [], stems, listOrderOf(prompt));
    return { ...draftOperation(schema, planned, binder, operation), unbound: [...binder.leftover] };
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
