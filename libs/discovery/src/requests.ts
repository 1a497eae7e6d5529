/**
 * Request validation (docs/wire.md §1): a malformed request is `invalid_argument`
 * with a message naming what was wrong. zod schemas, one per operation.
 */
import { z } from 'zod';
import {
  DEFAULT_SEARCH_LIMIT,
  DEFAULT_SLICE_TOKENS,
  MAX_COORDINATE_CHARS,
  MAX_COORDINATES,
  MAX_PARENT_CHARS,
  MAX_PROMPT_CHARS,
  MAX_QUERY_CHARS,
  MAX_SEARCH_KINDS,
  MAX_SEARCH_LIMIT,
  MAX_SEARCH_ROOTS,
  MAX_SLICE_TOKENS,
  MIN_SLICE_TOKENS,
} from '@discovery/proto/limits';
import { DiscoveryError } from './discovery.errors.js';
import { resolveRootName, rootOperationOf, rootSpellingHint, type RootOperation } from '@discovery/schema-symbols';
import type { GenerateInput, SearchInput, SliceInput, SymbolsInput } from './discovery.types.js';
import { INDEX_ID_PATTERN } from '@discovery/proto';

const nonBlank = (what: string) => z.string().refine((s) => s.trim().length > 0, { message: `${what} must contain a non-space character` });

const indexId = z.string().regex(INDEX_ID_PATTERN, { message: 'index_id must be "sha256:" followed by 64 lowercase hex digits' });

const searchSchema = z.object({
  indexId,
  query: nonBlank('query').pipe(z.string().max(MAX_QUERY_CHARS, `query must be at most ${MAX_QUERY_CHARS} characters`)),
  limit: z
    .number()
    .int()
    .min(0, 'limit must be >= 0')
    .optional()
    .transform((n) => (!n ? DEFAULT_SEARCH_LIMIT : Math.min(n, MAX_SEARCH_LIMIT))),
  // yoko.v1's contract (docs/wire.md §1): an unknown kind matches nothing, so a router passing a kind
  // this version does not know yet gets no hits of it, never an error (issue 23). The MCP tool's input
  // schema constrains kinds to the list instead.
  kinds: z.array(z.string()).max(MAX_SEARCH_KINDS).optional(),
  roots: z.array(z.string()).max(MAX_SEARCH_ROOTS).optional(),
  parent: z.string().max(MAX_PARENT_CHARS).optional(),
  paginated: z.boolean().optional(),
});

const symbolsSchema = z.object({
  indexId,
  coordinates: z
    .array(z.string().max(MAX_COORDINATE_CHARS))
    .min(1, 'at least one coordinate is required')
    .max(MAX_COORDINATES, `at most ${MAX_COORDINATES} coordinates per call`),
});

const generateSchema = z.object({
  indexId,
  prompt: nonBlank('prompt').pipe(z.string().max(MAX_PROMPT_CHARS, `prompt must be at most ${MAX_PROMPT_CHARS} characters`)),
});

const sliceSchema = z.object({
  indexId,
  query: nonBlank('query').pipe(z.string().max(MAX_QUERY_CHARS, `query must be at most ${MAX_QUERY_CHARS} characters`)),
  maxTokens: z
    .number()
    .int('max_tokens must be an integer')
    .refine((n) => n === 0 || (n >= MIN_SLICE_TOKENS && n <= MAX_SLICE_TOKENS), {
      message: `max_tokens must be 0 (default ${DEFAULT_SLICE_TOKENS}) or between ${MIN_SLICE_TOKENS} and ${MAX_SLICE_TOKENS}`,
    })
    .optional()
    .transform((n) => (!n ? DEFAULT_SLICE_TOKENS : n)),
  // Root words in any case, or root type names (resolved against the schema: rootsOfSlice).
  roots: z
    .array(z.string().max(MAX_COORDINATE_CHARS, `each root must be at most ${MAX_COORDINATE_CHARS} characters`))
    .max(3, 'roots may hold at most 3 entries')
    .optional()
    .transform((roots) => [...new Set((roots ?? []).map((root) => rootOperationOf(root) ?? root.trim()))]),
});

function parse<T>(schema: z.ZodType<T>, input: unknown): T {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const detail = result.error.issues.map((i) => i.message).join('; ');
  throw DiscoveryError.invalid(detail);
}

export type ValidSearch = z.output<typeof searchSchema> & { limit: number };

export function validateSearch(input: SearchInput): ValidSearch {
  const parsed = parse(searchSchema, input);
  // Empty strings from the wire mean "unset".
  return {
    ...parsed,
    ...(parsed.parent === '' ? { parent: undefined } : {}),
  } as ValidSearch;
}

export function validateSymbols(input: SymbolsInput): z.output<typeof symbolsSchema> {
  return parse(symbolsSchema, input);
}

export function validateGenerate(input: GenerateInput): z.output<typeof generateSchema> {
  return parse(generateSchema, input);
}

export function validateSlice(input: SliceInput): z.output<typeof sliceSchema> {
  return parse(sliceSchema, input);
}

export function validateIndexId(value: string): void {
  parse(indexId, value);
}

export function validateSdl(sdl: string, maxBytes: number): void {
  if (sdl.trim().length === 0) throw DiscoveryError.invalid('sdl must contain a non-space character');
  const bytes = Buffer.byteLength(sdl, 'utf8');
  if (bytes > maxBytes) {
    throw DiscoveryError.invalid(`sdl is ${bytes} bytes; the limit is ${maxBytes} bytes (MAX_SDL_BYTES)`);
  }
}

/**
 * The slice's root operations: every entry resolved by the one spelling rule (an operation word
 * in any case, or one of the schema's root type names); none given is the query root alone.
 */
export function rootsOfSlice(roots: readonly string[], schemaRoots: Partial<Record<RootOperation, string>>): RootOperation[] {
  if (roots.length === 0) return ['query'];
  const resolved = roots.map((root) => resolveRootName(root, schemaRoots));
  const unknown = roots.filter((_root, i) => resolved[i] === undefined);
  if (unknown.length > 0) {
    throw DiscoveryError.invalid(`unknown root ${unknown.map((r) => JSON.stringify(r.slice(0, 40))).join(', ')}; ${rootSpellingHint(schemaRoots)}`);
  }
  return [...new Set(resolved as RootOperation[])];
}
