/**
 * @discovery/proto/limits: the limits of the discovery API's requests (docs/wire.md §1), in one
 * module that every edge uses: the Connect request validation (libs/discovery requests.ts), the
 * MCP tool schemas (libs/mcp tool-schemas.ts), the search request (libs/ranking search-request.ts)
 * and the generation client. No imports: the ranking's worker threads load it without the
 * generated protobuf code.
 */

/** Longest `query` of SearchSchema and GetSchemaSlice, in characters. */
export const MAX_QUERY_CHARS = 2000;
/** Longest `prompt` of GenerateQuery, in characters (checked as sent and again once normalized). */
export const MAX_PROMPT_CHARS = 8000;
/** Most coordinates of one GetSymbols call. */
export const MAX_COORDINATES = 500;
/** Longest coordinate (GetSymbols) or `parent` (SearchSchema), in characters. */
export const MAX_COORDINATE_CHARS = 600;
/** Hits a search returns when it gives no limit (or 0, the wire's "default"). */
export const DEFAULT_SEARCH_LIMIT = 10;
/**
 * Most hits one search returns; larger limits are clamped to it. 100 hits of small records is
 * already more than a model should read at once; agents page by narrowing (`parent`, `kinds`).
 */
export const MAX_SEARCH_LIMIT = 100;
/** Most `kinds` and `roots` filters of one SearchSchema call. */
export const MAX_SEARCH_KINDS = 20;
export const MAX_SEARCH_ROOTS = 10;
/** Longest `parent` filter the Connect API accepts (MCP keeps MAX_COORDINATE_CHARS). */
export const MAX_PARENT_CHARS = 300;
/** Token budgets of GetSchemaSlice (o200k): the default (`max_tokens` 0), the least and the most. */
export const DEFAULT_SLICE_TOKENS = 8000;
export const MIN_SLICE_TOKENS = 200;
export const MAX_SLICE_TOKENS = 32_000;
