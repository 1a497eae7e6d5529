/**
 * Redaction applied to everything a logger writes: values under sensitive keys
 * (authorization, cookies, tokens, secrets, passwords, API keys) at any depth
 * become `[REDACTED]`, SDL and prompt bodies become their length, and secrets
 * recognisable inside any string (Bearer credentials, `sd_` tokens, JWTs,
 * `sk-` keys, credentials in URLs) are masked.
 */

export const REDACTED = '[REDACTED]';

const SENSITIVE_KEY = /^(authorization|proxy-authorization|cookie|set-cookie)$|token|secret|passw(or)?d|api[-_]?key|credential|private[-_]?key|jwt|signature/i;
const BODY_KEY = /^(sdl|prompt|promptBody|schemaSdl)$/i;
const MAX_DEPTH = 12;
const MAX_STRING = 2048;

const TEXT_PATTERNS: ReadonlyArray<[RegExp, string]> = [
  [/\b(Bearer|Basic)\s+[A-Za-z0-9\-._~+/]+=*/gi, `$1 ${REDACTED}`],
  [/\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*/g, REDACTED],
  [/\bsd_[A-Za-z0-9_-]{16,}/g, REDACTED],
  [/\bsk-[A-Za-z0-9_-]{16,}/g, REDACTED],
  [/\b([a-z][a-z0-9+.-]*:\/\/)[^/\s:@]*:[^/\s@]*@/gi, `$1${REDACTED}@`],
];

/** Masks secrets recognisable inside free text and caps its length. */
export function redactText(text: string): string {
  let result = text.length > MAX_STRING ? `${text.slice(0, MAX_STRING)}…[${text.length} chars]` : text;
  for (const [pattern, replacement] of TEXT_PATTERNS) result = result.replace(pattern, replacement);
  return result;
}

function redactError(error: Error, seen: WeakSet<object>, depth: number): Record<string, unknown> {
  const extra = redactValue({ ...error }, seen, depth + 1) as Record<string, unknown>;
  return {
    ...extra,
    type: error.name,
    message: redactText(error.message),
    ...(error.stack === undefined ? {} : { stack: redactText(error.stack) }),
    ...(error.cause === undefined ? {} : { cause: redactValue(error.cause, seen, depth + 1) }),
  };
}

function redactEntries(entries: Iterable<[string, unknown]>, seen: WeakSet<object>, depth: number): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, value] of entries) {
    if (SENSITIVE_KEY.test(key) && typeof value !== 'number' && typeof value !== 'boolean' && value != null) {
      result[key] = REDACTED;
    } else if (BODY_KEY.test(key) && typeof value === 'string') {
      result[key] = `[${value.length} chars omitted]`;
    } else {
      result[key] = redactValue(value, seen, depth + 1);
    }
  }
  return result;
}

function redactValue(value: unknown, seen: WeakSet<object>, depth: number): unknown {
  if (typeof value === 'string') return redactText(value);
  if (typeof value !== 'object' || value === null) return value;
  if (depth > MAX_DEPTH) return '[too deep]';
  if (seen.has(value)) return '[Circular]';
  seen.add(value);
  try {
    if (value instanceof Error) return redactError(value, seen, depth);
    if (Buffer.isBuffer(value) || ArrayBuffer.isView(value)) return `[${value.byteLength} bytes]`;
    if (Array.isArray(value)) return value.map((item) => redactValue(item, seen, depth + 1));
    if (value instanceof Headers || value instanceof Map) {
      return redactEntries(
        [...(value as Map<unknown, unknown>)].map(([k, v]) => [String(k), v]),
        seen,
        depth,
      );
    }
    if (value instanceof Set) return [...value].map((item) => redactValue(item, seen, depth + 1));
    if (value instanceof Date) return Number.isNaN(value.getTime()) ? 'Invalid Date' : value.toISOString();
    if (value instanceof URL) return redactText(value.href);
    const json = (value as { toJSON?: unknown }).toJSON;
    if (typeof json === 'function') return redactValue(json.call(value), seen, depth + 1);
    return redactEntries(Object.entries(value), seen, depth);
  } finally {
    seen.delete(value);
  }
}

/** A redacted copy of any value; safe to serialise into a log line. */
export function redact<T>(value: T): T extends string ? string : unknown {
  return redactValue(value, new WeakSet(), 0) as T extends string ? string : unknown;
}

/** Redacts an object of log fields, keeping it an object. */
export function redactFields(fields: Record<string, unknown>): Record<string, unknown> {
  return redactEntries(Object.entries(fields), new WeakSet(), 0);
}
