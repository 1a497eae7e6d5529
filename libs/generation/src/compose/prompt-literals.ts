/**
 * The literal values a prompt gives: quoted strings, `owner/name` pairs,
 * `@handles`, global ids, URLs, ISO dates and date-times, numbers, and the
 * capitalized names after "named" / "called". Each keeps the few words before
 * it, which say which argument it belongs to ("city id 5", "first 10").
 */

export type LiteralKind = 'string' | 'int' | 'float' | 'date' | 'datetime' | 'id' | 'owner' | 'repo' | 'handle' | 'code' | 'email';

export interface PromptLiteral {
  kind: LiteralKind;
  /** The value as written (without quotes). */
  text: string;
  /** Lower-case words just before the literal (at most four), nearest last. */
  before: string[];
  /** The eight words before it (what a comparison is about: "cattle is greater than"). */
  context: string[];
  /** Offset in the prompt, for ordering. */
  at: number;
  /** Lower-case words just after the literal (at most four): "10 most recent issues". */
  after?: string[];
  /** The lower-case word right after the literal, when only spaces part them ("HEAD commit"; not "ID, farm"). */
  next?: string;
}

const PATTERNS: { kind: LiteralKind | 'pair'; pattern: RegExp }[] = [
  { kind: 'string', pattern: /"([^"]{1,200})"|“([^”]{1,200})”|'([^'\s][^']{0,198})'|`([^`]{1,200})`/g },
  { kind: 'email', pattern: /(?<![\w.+-])[\w.+-]{1,64}@[A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63})+\b/g },
  { kind: 'id', pattern: /\bgid:\/\/[\w/.-]+|\bhttps?:\/\/[^\s"'<>]+/g },
  { kind: 'datetime', pattern: /\b\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?/g },
  { kind: 'date', pattern: /\b\d{4}-\d{2}-\d{2}\b/g },
  { kind: 'pair', pattern: /\b([A-Za-z0-9][\w.-]{0,38})\/([A-Za-z0-9_.-]{1,100})\b/g },
  { kind: 'handle', pattern: /(?<![\w.])@([A-Za-z0-9][\w-]{0,38})\b/g },
  { kind: 'float', pattern: /(?<![\w.-])-?\d+\.\d+(?![\w]|\.\d)/g },
  { kind: 'int', pattern: /(?<![\w.:/-])-?\d{1,15}(?![\w:/-]|\.\d)/g },
  { kind: 'string', pattern: /\b(?:named|called|titled|login|username|handle)\s+([A-Z0-9][\w.-]{0,60})/g },
  // A capitalized word after "with", "to", "from" ... inside a sentence is a value ("allergic to Cat").
  { kind: 'string', pattern: /(?<=[a-z,]\s+(?:with|to|from|for|by|in|as|of)\s+)([A-Z][a-z]{1,30}(?:\s+[A-Z][a-z]{1,30}){0,2})\b(?!\s*[/#:-])/g },
  // A word in capitals ("HEAD", "CHF", "CREDIT", "SUMMER25"): a code, or an abbreviation the schema
  // names (`URL`, `ID`); which of the two, the schema decides (capital-values.ts).
  { kind: 'code', pattern: /(?<![\w@#/.'"-])[A-Z][A-Z0-9_]*[A-Z0-9](?![\w/:-]|'s\b)/g },
];

function wordsBefore(prompt: string, at: number, count: number): string[] {
  return prompt
    .slice(Math.max(0, at - 120), at)
    .toLowerCase()
    .split(/[^a-z0-9_]+/)
    .filter((word) => word !== '')
    .slice(-count);
}

function wordsAfter(prompt: string, at: number, count: number): string[] {
  return prompt
    .slice(at, at + 120)
    .toLowerCase()
    .split(/[^a-z0-9_]+/)
    .filter((word) => word !== '')
    .slice(0, count);
}

export type Comparison = 'eq' | 'ne' | 'gt' | 'lt';

/** The comparison the words before a number ask for ("greater than 5" -> gt); eq when none. */
export function comparisonOf(literal: PromptLiteral): Comparison {
  const text = literal.before.join(' ');
  if (/between$/.test(text)) return 'gt';
  if (/between -?[0-9.]+ and$/.test(text)) return 'lt';
  if (/(greater|more|higher|larger|bigger|over|above|exceed\w*|after|later)( than)?$/.test(text)) return 'gt';
  if (/(less|fewer|lower|smaller|under|below|before|earlier)( than)?$/.test(text)) return 'lt';
  if (/(not|except|other than|different from)$/.test(text)) return 'ne';
  return 'eq';
}

/** Every literal of `prompt`, in order of appearance; overlapping matches keep the first (most specific) pattern. */
export function extractLiterals(prompt: string): PromptLiteral[] {
  // One mark per character: checking a match is linear in its length, not in the literals found so far.
  const taken = new Uint8Array(prompt.length);
  const free = (start: number, end: number): boolean => {
    for (let at = start; at < end; at += 1) if (taken[at] === 1) return false;
    return true;
  };
  const out: PromptLiteral[] = [];
  for (const { kind, pattern } of PATTERNS) {
    for (const match of prompt.matchAll(pattern)) {
      const start = match.index ?? 0;
      const end = start + match[0].length;
      if (!free(start, end)) continue;
      taken.fill(1, start, end);
      const before = wordsBefore(prompt, start, 4);
      const context = wordsBefore(prompt, start, 8);
      const after = wordsAfter(prompt, end, 4);
      const next = /^ +([A-Za-z]+)/.exec(prompt.slice(end, end + 60))?.[1]?.toLowerCase();
      if (kind === 'pair') {
        out.push({ kind: 'owner', text: match[1] ?? '', before, context, at: start, after });
        out.push({ kind: 'repo', text: match[2] ?? '', before: [...before, 'owner'], context, at: start + 1, after });
        continue;
      }
      const groups = match.slice(1).filter((group) => group !== undefined);
      out.push({ kind, text: groups[0] ?? match[0], before, context, at: start, after, ...(next ? { next } : {}) });
    }
  }
  return out.sort((a, b) => a.at - b.at);
}

/** Whether a literal fits a GraphQL named input type (built-in scalars by name; custom scalars by their name's hint). */
export function literalFits(literal: PromptLiteral, typeName: string): boolean {
  // A code is a String (or an enum value, bound apart), never a number, an id or a custom scalar.
  if (literal.kind === 'code') return typeName === 'String';
  switch (typeName) {
    case 'Int':
      return literal.kind === 'int';
    case 'Float':
      return literal.kind === 'int' || literal.kind === 'float';
    case 'Boolean':
      return false;
    case 'ID':
      return literal.kind !== 'float' && literal.kind !== 'date' && literal.kind !== 'datetime' && literal.kind !== 'email';
    case 'String':
      return literal.kind !== 'float';
    default: {
      const lower = typeName.toLowerCase();
      if (/date|time/.test(lower)) return literal.kind === 'date' || literal.kind === 'datetime';
      if (/uri|url|html/.test(lower)) return literal.kind === 'id' && literal.text.startsWith('http');
      if (/int|long|number|decimal|money|float/.test(lower)) return literal.kind === 'int' || literal.kind === 'float';
      return (
        literal.kind === 'string' ||
        literal.kind === 'id' ||
        literal.kind === 'owner' ||
        literal.kind === 'repo' ||
        literal.kind === 'handle' ||
        literal.kind === 'email'
      );
    }
  }
}

/** The GraphQL literal for `literal` as a value of `typeName` (strings quoted and escaped). */
export function literalSource(literal: PromptLiteral, typeName: string): string {
  if ((typeName === 'Int' || typeName === 'Float') && (literal.kind === 'int' || literal.kind === 'float')) return literal.text;
  if (/int|long|number|decimal|float/i.test(typeName) && !/string/i.test(typeName) && (literal.kind === 'int' || literal.kind === 'float')) {
    return literal.text;
  }
  return JSON.stringify(literal.text);
}
