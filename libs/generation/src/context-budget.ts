/**
 * Fitting a generation to the model's context window (docs/models.md
 * "Context"): tokens are counted with o200k and a margin for the model's own
 * tokenizer and chat template; the slice budget is what the window leaves
 * after the answer's room, the fixed prompt and a reserve for repair rounds;
 * and before every call a conversation that grew is trimmed, old tool results
 * first, then whole old turns, so no request is sent that cannot fit.
 */
import { countTokens } from '@discovery/schema-slice';
import type { ChatMessage, ChatTool } from './chat-model.js';

/** Model tokenizers and chat templates count more than o200k on SDL and JSON (measured: docs/models.md). */
export const TOKEN_MARGIN = 1.2;
/** Role markers and separators of a chat template, per message. */
const PER_MESSAGE = 8;
/** Smallest slice worth sending. */
export const MIN_SLICE_TOKENS = 300;
/** Largest slice by default (as GetSchemaSlice). */
export const MAX_SLICE_TOKENS = 8000;
/** Kept free for tool results and repair rounds: this share of the window, at least REPAIR_MIN. */
const REPAIR_SHARE = 0.15;
const REPAIR_MIN = 400;

export const TRIMMED_RESULT = '[Removed to fit the context window. Call the tool again if you still need it.]';

const cache = new WeakMap<object, number>();
/** The rules are the same text in every generation: counted once. */
const systemTexts = new Map<string, number>();

function contentText(message: ChatMessage): string {
  const content = (message as { content?: unknown }).content;
  const text = typeof content === 'string' ? content : Array.isArray(content) ? content.map((part) => (part as { text?: string }).text ?? '').join('') : '';
  const calls = (message as { tool_calls?: unknown[] }).tool_calls;
  return calls ? `${text}${JSON.stringify(calls)}` : text;
}

/** Estimated tokens of one message in the model's own counting. */
export function messageTokens(message: ChatMessage): number {
  let tokens = cache.get(message);
  if (tokens === undefined) {
    const text = contentText(message);
    const counted = message.role === 'system' ? (systemTexts.get(text) ?? countTokens(text)) : countTokens(text);
    if (message.role === 'system' && systemTexts.size < 16) systemTexts.set(text, counted);
    tokens = Math.ceil(counted * TOKEN_MARGIN) + PER_MESSAGE;
    cache.set(message, tokens);
  }
  return tokens;
}

/** Records a message's size when its largest part was counted already (the slice: its exact o200k size). */
export function knownTokens(message: ChatMessage, counted: number): void {
  cache.set(message, Math.ceil(counted * TOKEN_MARGIN) + PER_MESSAGE);
}

/** Estimated tokens the tool definitions take once a template renders them. */
export function toolTokens(tools: readonly ChatTool[] | undefined): number {
  if (!tools || tools.length === 0) return 0;
  let tokens = cache.get(tools);
  if (tokens === undefined) {
    tokens = Math.ceil(countTokens(JSON.stringify(tools)) * TOKEN_MARGIN) + 60;
    cache.set(tools, tokens);
  }
  return tokens;
}

export function conversationTokens(messages: readonly ChatMessage[], tools?: readonly ChatTool[]): number {
  return messages.reduce((sum, message) => sum + messageTokens(message), 0) + toolTokens(tools);
}

export interface ContextPlan {
  /** The window the requests must fit. */
  contextTokens: number;
  /** max_tokens of every request. */
  maxOutputTokens: number;
  /** Budget of the schema slice (o200k, as the slicer counts). */
  sliceTokens: number;
}

/**
 * The slice budget for a window: what is left after the answer's room, the fixed prompt (system,
 * request, draft, tools) and the repair reserve, in o200k tokens; undefined when not even the
 * smallest slice fits.
 */
export function planContext(contextTokens: number, maxOutputTokens: number, fixedTokens: number, maxSlice = MAX_SLICE_TOKENS): ContextPlan | undefined {
  const reserve = Math.max(REPAIR_MIN, Math.round(contextTokens * REPAIR_SHARE));
  const left = contextTokens - maxOutputTokens - fixedTokens - reserve;
  const sliceTokens = Math.min(maxSlice, Math.floor(left / TOKEN_MARGIN));
  if (sliceTokens < MIN_SLICE_TOKENS) return undefined;
  return { contextTokens, maxOutputTokens, sliceTokens };
}

/**
 * The messages to send within `limit` tokens (the window less the answer's room): as they are when
 * they fit; else with old tool results replaced by a short note (oldest first, the latest turn kept),
 * then with old turns left out whole; undefined when even that does not fit. The first two messages
 * (rules, request with slice) and the latest turn are never touched.
 */
export function fitConversation(messages: readonly ChatMessage[], tools: readonly ChatTool[] | undefined, limit: number): ChatMessage[] | undefined {
  let fitted = [...messages];
  if (conversationTokens(fitted, tools) <= limit) return fitted;
  const lastTurn = lastTurnStart(fitted);
  for (let i = 2; i < lastTurn && conversationTokens(fitted, tools) > limit; i += 1) {
    const message = fitted[i] as ChatMessage;
    if (isResult(message) && contentText(message) !== TRIMMED_RESULT) fitted[i] = { ...message, content: TRIMMED_RESULT } as ChatMessage;
  }
  while (conversationTokens(fitted, tools) > limit && lastTurnStart(fitted) > 2) {
    fitted = [...fitted.slice(0, 2), ...fitted.slice(turnEnd(fitted, 2))];
  }
  return conversationTokens(fitted, tools) <= limit ? fitted : cutLatestResults(fitted, tools, limit);
}

/** Last resort: the latest turn's results cut to the room left (they are still worth more than nothing). */
function cutLatestResults(messages: ChatMessage[], tools: readonly ChatTool[] | undefined, limit: number): ChatMessage[] | undefined {
  const results = messages.map((message, i) => (i >= 2 && isResult(message) ? i : -1)).filter((i) => i >= 0);
  const others = conversationTokens(
    messages.filter((_m, i) => !results.includes(i)),
    tools,
  );
  const room = limit - others - PER_MESSAGE * results.length;
  if (results.length === 0 || room < 50 * results.length) return undefined;
  // o200k runs near 3.5 characters a token on JSON; leave the margin's worth of slack.
  const chars = Math.floor(((room / results.length) * 3.5) / TOKEN_MARGIN / TOKEN_MARGIN);
  const cut = messages.map((message, i) => {
    if (!results.includes(i)) return message;
    const text = contentText(message);
    return text.length <= chars
      ? message
      : ({ ...message, content: `${text.slice(0, Math.max(0, chars - 40))} ... [cut to fit the context window]` } as ChatMessage);
  });
  return conversationTokens(cut, tools) <= limit ? cut : undefined;
}

/** Tool results, and results sent as user text in text mode. */
function isResult(message: ChatMessage): boolean {
  return message.role === 'tool' || (message.role === 'user' && contentText(message).startsWith('Result of '));
}

/** Index of the latest assistant message (a turn starts there). */
function lastTurnStart(messages: readonly ChatMessage[]): number {
  for (let i = messages.length - 1; i >= 2; i -= 1) if (messages[i]?.role === 'assistant') return i;
  return messages.length;
}

/** End (exclusive) of the turn starting at `start`: up to the next assistant message. */
function turnEnd(messages: readonly ChatMessage[], start: number): number {
  let end = start + 1;
  while (end < messages.length && messages[end]?.role !== 'assistant') end += 1;
  return end;
}
