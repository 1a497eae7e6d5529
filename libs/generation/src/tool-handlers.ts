/**
 * Runs the model's tool calls against one index and keeps the answer being
 * built: operations accepted so far (validated, parameterized, named), the
 * unsatisfied reasons, and whether the model said the request asks for no data.
 * Every tool result is a JSON string, short enough for the model's context.
 */
import { searchHitRecord } from '@discovery/schema-symbols';
import type { GraphQLSchema } from 'graphql';
import type { z } from 'zod';
import type { ChatToolCall } from './chat-model.js';
import type { ResolvedQuery } from './contract/generate-job.js';
import type { GenerationIndex } from './generation-index.js';
import { finalizeOperation } from './finalize-operation.js';
import { checkOperation } from './operation-check.js';
import { refusalFor } from './mutation-policy.js';
import { ToolName, describeIssues, noDataArgs, searchArgs, submitArgs, symbolsArgs, validateArgs, type SubmitArgs } from './model-tools.js';
import type { ScalarJsonSchemas } from './variables-schema.js';

/** Longest tool result handed back to the model, in characters. */
const MAX_TOOL_RESULT = 8000;

export interface ToolOutcome {
  /** The tool message content. */
  content: string;
  /** A submission was processed and nothing in it needs repair. */
  finished?: boolean;
}

function json(value: unknown): string {
  const text = JSON.stringify(value);
  return text.length <= MAX_TOOL_RESULT ? text : `${text.slice(0, MAX_TOOL_RESULT - 40)} ... [cut: result too long]`;
}

function parseArguments<T>(schema: z.ZodType<T>, raw: string): { ok: true; value: T } | { ok: false; error: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return { ok: false, error: 'The arguments are not valid JSON. Call the tool again with a JSON object.' };
  }
  const result = schema.safeParse(parsed);
  return result.success ? { ok: true, value: result.data } : { ok: false, error: `Invalid arguments: ${describeIssues(result.error)}` };
}

export class GenerationSession {
  readonly accepted: ResolvedQuery[] = [];
  /** Reasons the operator's policy imposed (kept across submissions). */
  private readonly policyReasons: string[] = [];
  /** The model's reasons from its latest submission. */
  private modelReasons: string[] = [];
  private readonly takenNames = new Set<string>();
  private readonly documents = new Set<string>();
  noDataReason: string | undefined;
  /** The model answers in text (JSON), not with tool calls: instructions say so. */
  textAnswers = false;
  /** The model submitted an operation at least once (valid or not): its reasons alone are then no answer. */
  triedOperations = false;

  constructor(
    private readonly index: GenerationIndex,
    private readonly schema: GraphQLSchema,
    private readonly options: { allowMutations: boolean; scalars?: ScalarJsonSchemas },
  ) {}

  get unsatisfied(): string[] {
    return [...new Set([...this.policyReasons, ...this.modelReasons].map((reason) => reason.replace(/\s+/g, ' ').trim()))].filter((reason) => reason !== '');
  }

  async run(call: ChatToolCall): Promise<ToolOutcome> {
    const raw = call.arguments ?? '';
    switch (call.name) {
      case ToolName.SearchSchema:
        return this.search(raw);
      case ToolName.GetSymbols:
        return this.symbols(raw);
      case ToolName.ValidateOperation:
        return this.validate(raw);
      case ToolName.SubmitOperations:
        return this.submit(raw);
      case ToolName.ReportNoData: {
        const args = parseArguments(noDataArgs, raw);
        if (!args.ok) return { content: json({ error: args.error }) };
        this.noDataReason = args.value.reason;
        return { content: json({ ok: true }), finished: true };
      }
      default:
        return { content: json({ error: `Unknown tool "${call.name.slice(0, 60)}". Use one of the tools listed.` }) };
    }
  }

  private async search(raw: string): Promise<ToolOutcome> {
    const args = parseArguments(searchArgs, raw);
    if (!args.ok) return { content: json({ error: args.error }) };
    const roots = this.options.allowMutations ? ['query', 'mutation', 'subscription'] : ['query', 'subscription'];
    const hits = await this.index.search({
      query: args.value.query,
      limit: args.value.limit ?? 10,
      roots: roots as ('query' | 'mutation' | 'subscription')[],
      ...(args.value.kinds ? { kinds: args.value.kinds } : {}),
      ...(args.value.parent ? { parent: args.value.parent } : {}),
    });
    return {
      content: json({
        hits: hits.map((hit) => ({ coordinate: hit.symbol.coordinate, score: Number(hit.score.toFixed(3)), record: searchHitRecord(hit.symbol.record) })),
      }),
    };
  }

  private async symbols(raw: string): Promise<ToolOutcome> {
    const args = parseArguments(symbolsArgs, raw);
    if (!args.ok) return { content: json({ error: args.error }) };
    const symbols = await this.index.getSymbols(args.value.coordinates);
    return { content: json({ symbols: symbols.map((symbol) => ({ coordinate: symbol.coordinate, record: symbol.record })) }) };
  }

  private validate(raw: string): ToolOutcome {
    const args = parseArguments(validateArgs, raw);
    if (!args.ok) return { content: json({ error: args.error }) };
    const checked = checkOperation(this.schema, args.value.document);
    if (!checked.ok) return { content: json({ valid: false, errors: checked.errors }) };
    const refusal = refusalFor(checked.operation.operation, this.options, '');
    return { content: json(refusal ? { valid: false, errors: [refusal] } : { valid: true }) };
  }

  private submit(raw: string): ToolOutcome {
    const args = parseArguments(submitArgs, raw);
    if (!args.ok) return { content: json({ error: `${args.error}. Expected {"operations": [{"document", "description"}], "unsatisfied": [string]}.` }) };
    return this.accept(args.value);
  }

  /** Validates and keeps each submitted operation; reports what must be repaired. */
  private accept(submission: SubmitArgs): ToolOutcome {
    this.modelReasons = submission.unsatisfied;
    this.triedOperations ||= submission.operations.length > 0;
    const rejected: { operation: number; errors: string[] }[] = [];
    let added = 0;
    for (const [position, operation] of submission.operations.entries()) {
      const checked = checkOperation(this.schema, operation.document);
      if (checked.ok) {
        const refusal = refusalFor(checked.operation.operation, this.options, operation.description);
        if (refusal) {
          this.policyReasons.push(refusal);
          continue;
        }
      }
      const result = finalizeOperation(this.schema, operation, this.takenNames, {
        checked,
        ...(this.options.scalars ? { scalars: this.options.scalars } : {}),
      });
      if (!result.ok) {
        rejected.push({ operation: position + 1, errors: result.errors });
        continue;
      }
      if (this.documents.has(result.query.document)) continue;
      this.documents.add(result.query.document);
      this.accepted.push(result.query);
      added += 1;
    }
    if (rejected.length === 0) {
      if (this.accepted.length === 0 && this.unsatisfied.length === 0) {
        return { content: json({ error: 'The submission is empty: give operations, or the reasons the schema cannot answer the request.' }) };
      }
      return { content: json({ accepted: added }), finished: true };
    }
    return {
      content: json({
        accepted: added,
        invalid: rejected,
        instructions: this.textAnswers
          ? 'Accepted operations are kept. Fix the invalid ones and answer again with one JSON object holding only the corrected operations and the full unsatisfied list.'
          : 'Accepted operations are kept. Fix the invalid ones and call submit_operations again with only the corrected operations and the full unsatisfied list.',
      }),
    };
  }
}
