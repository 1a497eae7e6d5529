/**
 * What a model wrote in its message text, read as the loop's tool calls:
 * reasoning removed (`<think>` blocks), then tool calls written as JSON
 * (`<tool_call>{"name", "arguments"}</tool_call>` as Qwen and Hermes templates
 * write them, ```json fences, or bare objects), and a bare JSON answer
 * (`{"operations", "unsatisfied"}`) taken as a call of submit_operations. This
 * is how models without native tool calls, and servers that do not parse them,
 * are understood (docs/models.md).
 */
import type { ChatToolCall } from './chat-model.js';
import { ToolName } from './model-tools.js';

const THINK = /<(think|thinking|reasoning)>[\s\S]*?<\/\1>/gi;
const OPEN_THINK = /<(think|thinking|reasoning)>[\s\S]*$/i;

/** The text without reasoning blocks; an unterminated block removes everything after it. */
export function withoutReasoning(text: string): string {
  return text
    .replace(THINK, '')
    .replace(OPEN_THINK, '')
    .replace(/^[\s\S]*?<\/think>/i, '')
    .trim();
}

/** Top-level JSON objects in `text`, in order (strings and escapes respected, invalid ones skipped). */
export function jsonObjectsIn(text: string, max = 10): unknown[] {
  const found: unknown[] = [];
  for (let start = text.indexOf('{'); start !== -1 && found.length < max; ) {
    const end = matchingBrace(text, start);
    if (end === -1) break;
    try {
      found.push(JSON.parse(text.slice(start, end + 1)));
      start = text.indexOf('{', end + 1);
    } catch {
      start = text.indexOf('{', start + 1);
    }
  }
  return found;
}

function matchingBrace(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i += 1) {
    const char = text[i];
    if (inString) {
      if (char === '\\') i += 1;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '{') depth += 1;
    else if (char === '}') {
      depth -= 1;
      if (depth === 0) return i;
    }
  }
  return -1;
}

const NAMES = new Set<string>(Object.values(ToolName));

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

/** Arguments as JSON text: objects serialized, a string kept (a string holding JSON is unwrapped once). */
export function argumentsText(value: unknown): string {
  if (typeof value !== 'string') return JSON.stringify(value ?? {});
  try {
    const inner: unknown = JSON.parse(value);
    return typeof inner === 'string' ? inner : value;
  } catch {
    return value;
  }
}

/** One object as tool calls: `{name, arguments|parameters}`, `{function: {...}}`, `{tool_calls: [...]}`, or an answer. */
function callsOf(value: unknown): { name: string; arguments: string }[] {
  const record = asRecord(value);
  if (!record) return [];
  if (Array.isArray(record['tool_calls'])) return record['tool_calls'].flatMap(callsOf);
  const fn = asRecord(record['function']);
  if (fn) return callsOf(fn);
  const name = record['name'] ?? record['tool'];
  if (typeof name === 'string' && NAMES.has(name)) {
    return [{ name, arguments: argumentsText(record['arguments'] ?? record['parameters'] ?? record['args'] ?? {}) }];
  }
  if (Array.isArray(record['operations']) || Array.isArray(record['unsatisfied'])) {
    return [
      { name: ToolName.SubmitOperations, arguments: JSON.stringify({ operations: record['operations'] ?? [], unsatisfied: record['unsatisfied'] ?? [] }) },
    ];
  }
  return [];
}

/** The tool calls written in `text` (reasoning already removed), with ids of their own. */
export function toolCallsInText(text: string, turn: number): ChatToolCall[] {
  const tagged = [...text.matchAll(/<tool_call>([\s\S]*?)(?:<\/tool_call>|$)/gi)].map((match) => match[1] ?? '');
  const fenced = [...text.matchAll(/```(?:json)?\s*([\s\S]*?)```/gi)].map((match) => match[1] ?? '');
  const sources = tagged.length > 0 ? tagged : fenced.length > 0 ? fenced : [text];
  const calls = sources.flatMap((source) => jsonObjectsIn(source).flatMap(callsOf));
  return calls.slice(0, 10).map((call, index) => ({ id: `text_${turn}_${index}`, ...call }));
}
