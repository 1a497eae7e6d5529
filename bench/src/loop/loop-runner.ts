/**
 * Runs one row through a model loop and measures it from the wire: a fetch
 * that records every chat request and its answer gives turns, prompt and
 * completion tokens (o200k over what was sent and received; the endpoint's own
 * `usage` beside it), and the time the endpoint took, so what is left of the
 * row's wall time is the time our side adds.
 */
import { countTokens } from 'gpt-tokenizer';
import OpenAI from 'openai';
import { checkOperation, QueryComposer, QueryGenerator, type GenerateJobResult } from '@discovery/generation';
import { chatClient, normalizingFetch, OpenAiChatModel } from '@discovery/generation/openai';
import { operationCoordinates } from '../sections/generate-slice-coverage.js';
import type { LoopRow } from './loop-rows.js';
import type { PreviousLoop } from './previous-release.js';

export interface Exchange {
  promptTokens: number;
  completionTokens: number;
  usagePrompt?: number;
  usageCompletion?: number;
  ms: number;
}

/** A fetch that keeps every chat exchange (request body, answer, time). */
export class RecordingFetch {
  exchanges: Exchange[] = [];
  readonly fetch: typeof fetch = async (input, init) => {
    const started = performance.now();
    const response = await normalizingFetch(input, init);
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!url.includes('/chat/completions')) return response;
    const text = await response.text();
    this.exchanges.push({ ...measure(typeof init?.body === 'string' ? init.body : '', text), ms: performance.now() - started });
    return new Response(text, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}

function measure(requestText: string, answerText: string): Omit<Exchange, 'ms'> {
  let prompt = 0;
  try {
    const body = JSON.parse(requestText) as { messages?: { content?: unknown; tool_calls?: unknown }[]; tools?: unknown };
    const sent = (body.messages ?? [])
      .map((m) => `${typeof m.content === 'string' ? m.content : ''}${m.tool_calls ? JSON.stringify(m.tool_calls) : ''}`)
      .join('\n');
    prompt = countTokens(sent) + (body.tools ? countTokens(JSON.stringify(body.tools)) : 0);
  } catch {
    prompt = 0;
  }
  let completion = 0;
  let usage: { prompt_tokens?: number; completion_tokens?: number } | undefined;
  try {
    const answer = JSON.parse(answerText) as { choices?: { message?: { content?: unknown; tool_calls?: unknown } }[]; usage?: typeof usage };
    const message = answer.choices?.[0]?.message;
    completion = countTokens(`${typeof message?.content === 'string' ? message.content : ''}${message?.tool_calls ? JSON.stringify(message.tool_calls) : ''}`);
    usage = answer.usage;
  } catch {
    completion = answerText.startsWith('data:') ? countTokens(answerText) : 0;
  }
  return {
    promptTokens: prompt,
    completionTokens: completion,
    ...(usage?.prompt_tokens !== undefined ? { usagePrompt: usage.prompt_tokens } : {}),
    ...(usage?.completion_tokens !== undefined ? { usageCompletion: usage.completion_tokens } : {}),
  };
}

export interface RowResult {
  row: LoopRow;
  valid: boolean;
  covered: boolean;
  fallback: boolean;
  operations: number;
  turns: number;
  promptTokens: number;
  completionTokens: number;
  firstPromptTokens: number;
  usagePrompt: number;
  usageCompletion: number;
  seconds: number;
  /** Wall time less the endpoint's, per model call (ms). */
  oursPerTurnMs: number;
}

/** Whether `document` holds every field coordinate of the row's gold operation. */
export function coversGold(row: LoopRow, document: string | undefined): { valid: boolean; covered: boolean } {
  if (document === undefined || !checkOperation(row.index.schema, document).ok) return { valid: false, covered: false };
  const have = new Set(operationCoordinates(row.index.schema, document));
  return { valid: true, covered: operationCoordinates(row.index.schema, row.gold).every((coordinate) => have.has(coordinate)) };
}

function summarize(row: LoopRow, result: GenerateJobResult, recording: RecordingFetch, seconds: number): RowResult {
  const resolution = result.status === 'resolved' ? result.resolution : undefined;
  const queries = resolution?.queries ?? [];
  const best = queries.map((query) => coversGold(row, query.document)).sort((a, b) => Number(b.covered) - Number(a.covered))[0];
  const exchanges = recording.exchanges;
  const sum = (pick: (e: Exchange) => number | undefined): number => exchanges.reduce((total, e) => total + (pick(e) ?? 0), 0);
  const turns = exchanges.length;
  return {
    row,
    valid: best?.valid ?? false,
    covered: best?.covered ?? false,
    fallback: resolution?.fallback === true,
    operations: queries.length,
    turns,
    promptTokens: sum((e) => e.promptTokens),
    completionTokens: sum((e) => e.completionTokens),
    firstPromptTokens: exchanges[0]?.promptTokens ?? 0,
    usagePrompt: sum((e) => e.usagePrompt),
    usageCompletion: sum((e) => e.usageCompletion),
    seconds,
    oursPerTurnMs: turns === 0 ? 0 : (seconds * 1000 - sum((e) => e.ms)) / turns,
  };
}

export interface LoopSettings {
  baseUrl: string;
  model: string;
  apiKey?: string;
  maxTurns: number;
  timeoutMs: number;
  callTimeoutMs: number;
  contextTokens?: number;
  maxOutputTokens?: number;
}

const composer = new QueryComposer({ allowMutations: false });

/** The current loop, made once per run (the endpoint's window is asked once, as in a process). */
export class CurrentLoop {
  readonly recording = new RecordingFetch();
  private readonly generator: QueryGenerator;

  constructor(settings: LoopSettings) {
    const llm = { baseUrl: settings.baseUrl, apiKey: settings.apiKey ?? 'bench', model: settings.model, timeoutMs: settings.callTimeoutMs };
    const client = chatClient(llm, { fetch: this.recording.fetch });
    const model = new OpenAiChatModel(client, {
      model: settings.model,
      probeBaseUrl: settings.baseUrl,
      ...(settings.contextTokens !== undefined ? { contextTokens: settings.contextTokens } : {}),
    });
    this.generator = new QueryGenerator(model, {
      maxTurns: settings.maxTurns,
      timeoutMs: settings.timeoutMs,
      callTimeoutMs: settings.callTimeoutMs,
      allowMutations: false,
      composer,
      ...(settings.maxOutputTokens !== undefined ? { maxOutputTokens: settings.maxOutputTokens } : {}),
    });
  }

  async run(row: LoopRow): Promise<RowResult> {
    this.recording.exchanges = [];
    const started = performance.now();
    const result = await this.generator.generate(row.index, row.prompt);
    return summarize(row, result, this.recording, (performance.now() - started) / 1000);
  }
}

/** The previous release's loop on one row. */
export async function runPrevious(previous: PreviousLoop, row: LoopRow, settings: LoopSettings, previousComposer: unknown): Promise<RowResult> {
  const recording = new RecordingFetch();
  const client = new OpenAI({ baseURL: settings.baseUrl, apiKey: settings.apiKey ?? 'bench', maxRetries: 0, fetch: recording.fetch });
  const generator = new previous.QueryGenerator(client, {
    model: settings.model,
    maxTurns: settings.maxTurns,
    timeoutMs: settings.timeoutMs,
    callTimeoutMs: settings.callTimeoutMs,
    allowMutations: false,
    composer: previousComposer,
  });
  const started = performance.now();
  const result = (await generator.generate(row.index, row.prompt)) as GenerateJobResult;
  return summarize(row, result, recording, (performance.now() - started) / 1000);
}

/** The composer alone on one row (beside a real model). */
export async function runComposer(row: LoopRow): Promise<{ valid: boolean; covered: boolean; seconds: number }> {
  const started = performance.now();
  const result = await composer.compose(row.index, row.prompt);
  const document = result.status === 'resolved' ? result.resolution.queries[0]?.document : undefined;
  return { ...coversGold(row, document), seconds: (performance.now() - started) / 1000 };
}
