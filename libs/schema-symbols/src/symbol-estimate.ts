/**
 * estimateSymbols: a lower bound of the symbols `extractSymbols` makes from an
 * SDL, in one pass over its text and constant memory, so a schema far over a
 * symbol limit is refused before it is parsed (issue 14: a 10 MB SDL of 100k
 * small types became 601,001 symbols and gigabytes of memory).
 */
import { SymbolExtractionError, SymbolExtractionErrorCode } from './symbol-extraction.errors.js';

const DEFINITION_KEYWORDS = new Set(['type', 'interface', 'input', 'enum', 'union', 'scalar']);

/**
 * A lower bound of the symbols `extractSymbols` makes from `sdl`, in one pass and constant memory:
 * definitions of named types (each is a symbol) plus `name:` members directly inside a type body
 * (each field or input field is one); the root entries of a `schema { }` block are not members, and
 * `extend type` adds members, not a type.
 * Strings, block strings and comments are skipped; arguments (inside parentheses) and values inside
 * nested braces are not members.
 */
export function estimateSymbols(sdl: string): number {
  let count = 0;
  let braces = 0;
  let parens = 0;
  let extending = false;
  let inSchema = false;
  let i = 0;
  const n = sdl.length;
  while (i < n) {
    const c = sdl.charCodeAt(i);
    if (c === 0x23 /* # */) {
      while (i < n && sdl.charCodeAt(i) !== 0x0a && sdl.charCodeAt(i) !== 0x0d) i++;
    } else if (c === 0x22 /* " */) {
      i = skipString(sdl, i);
      continue;
    } else if (c === 0x7b /* { */) braces++;
    else if (c === 0x7d /* } */) {
      braces = Math.max(0, braces - 1);
      if (braces === 0) inSchema = false;
    } else if (c === 0x28 /* ( */) parens++;
    else if (c === 0x29 /* ) */) parens = Math.max(0, parens - 1);
    else if (c === 0x3a /* : */ && braces === 1 && parens === 0 && !inSchema) count++;
    else if (isNameStart(c)) {
      const start = i;
      while (i < n && isNameContinue(sdl.charCodeAt(i))) i++;
      if (braces === 0 && parens === 0) {
        const name = sdl.slice(start, i);
        // `extend type X { ... }` adds members to a type already counted.
        if (DEFINITION_KEYWORDS.has(name) && !extending) count++;
        extending = name === 'extend';
        if (name === 'schema') inSchema = true;
      }
      continue;
    }
    i++;
  }
  return count;
}

/**
 * Throws SymbolExtractionError TOO_MANY_SYMBOLS when even the lower bound is over `maxSymbols`;
 * the message names the limit's variable (`limitName`).
 */
export function checkSymbolEstimate(sdl: string, maxSymbols: number, limitName = 'MAX_INDEX_SYMBOLS'): void {
  const atLeast = estimateSymbols(sdl);
  if (atLeast > maxSymbols) {
    throw new SymbolExtractionError(
      SymbolExtractionErrorCode.TooManySymbols,
      `the schema has at least ${atLeast} symbols; the limit is ${maxSymbols} symbols per index (${limitName})`,
    );
  }
}

export function skipString(sdl: string, start: number): number {
  if (sdl.startsWith('"""', start)) {
    let i = start + 3;
    while (i < sdl.length) {
      if (sdl.charCodeAt(i) === 0x5c /* \ */ && sdl.startsWith('"""', i + 1)) i += 4;
      else if (sdl.startsWith('"""', i)) return i + 3;
      else i++;
    }
    return i;
  }
  let i = start + 1;
  while (i < sdl.length) {
    const c = sdl.charCodeAt(i);
    if (c === 0x5c) i += 2;
    else if (c === 0x22 || c === 0x0a || c === 0x0d) return i + 1;
    else i++;
  }
  return i;
}

function isNameStart(c: number): boolean {
  return (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x5f;
}

function isNameContinue(c: number): boolean {
  return isNameStart(c) || (c >= 0x30 && c <= 0x39);
}
