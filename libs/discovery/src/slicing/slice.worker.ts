/**
 * The slice worker thread: slices schemas for GetSchemaSlice off the API's
 * event loop (issue 23 finding 9: a 32k-token slice took 0.5-1.2 s of the
 * loop, and 8 at once moved another tenant's search p50 from 3 ms to 1.25 s).
 * It keeps the schemas it built by index id (an address names one SDL, so a
 * kept schema never goes stale), least recently used out beyond
 * CACHE_MAX_BYTES (a built schema takes about 7 times its SDL; 8 are
 * counted). A schema over today's element limits (an index built before
 * them) is not built at all but refused, naming the limit, and the refusal
 * kept, so a hostile legacy index costs one parse. Imports only packages (no relative modules) so it also runs from
 * its TypeScript source.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { GraphQLSchema } from 'graphql';
import { buildSchemaFromSdl, rootTypeNames, SymbolExtractionError, SymbolExtractionErrorCode, type ElementLimits } from '@discovery/schema-symbols';
import { sliceFromHits } from '@discovery/schema-slice';

type Request =
  | { type: 'roots'; call: number; indexId: string; sdl?: string }
  | { type: 'slice'; call: number; indexId: string; sdl?: string; query: string; hits: never[]; maxTokens: number; roots: never[] };

const CACHE_MAX_BYTES = 96 * 1024 * 1024;
const BYTES_PER_SDL_BYTE = 8;
const elements = (workerData as { elements?: ElementLimits } | undefined)?.elements;
const OVER_LIMIT = new Set<string>([
  SymbolExtractionErrorCode.NameTooLong,
  SymbolExtractionErrorCode.DescriptionTooLong,
  SymbolExtractionErrorCode.ValueTooLarge,
]);
const schemas = new Map<string, { schema: GraphQLSchema | string; bytes: number }>();
let cachedBytes = 0;

/** The schema, the reason it is refused, or undefined when the SDL is needed. */
function schemaOf(indexId: string, sdl: string | undefined): GraphQLSchema | string | undefined {
  const kept = schemas.get(indexId);
  if (kept) {
    schemas.delete(indexId);
    schemas.set(indexId, kept);
    return kept.schema;
  }
  if (sdl === undefined) return undefined;
  const entry = { schema: build(sdl), bytes: Buffer.byteLength(sdl) * BYTES_PER_SDL_BYTE };
  if (typeof entry.schema === 'string') entry.bytes = entry.schema.length;
  for (const [id, old] of schemas) {
    if (cachedBytes + entry.bytes <= CACHE_MAX_BYTES) break;
    schemas.delete(id);
    cachedBytes -= old.bytes;
  }
  schemas.set(indexId, entry);
  cachedBytes += entry.bytes;
  return entry.schema;
}

function build(sdl: string): GraphQLSchema | string {
  try {
    return buildSchemaFromSdl(sdl, elements ? { elements } : {}).schema;
  } catch (error) {
    if (error instanceof SymbolExtractionError && OVER_LIMIT.has(error.code)) return error.message;
    throw error;
  }
}

parentPort?.on('message', (request: Request) => {
  const { call } = request;
  try {
    const schema = schemaOf(request.indexId, request.sdl);
    if (!schema) {
      parentPort?.postMessage({ type: 'missing', call });
      return;
    }
    if (typeof schema === 'string') {
      parentPort?.postMessage({ type: 'refused', call, message: schema });
      return;
    }
    if (request.type === 'roots') {
      parentPort?.postMessage({ type: 'roots', call, roots: rootTypeNames(schema) });
      return;
    }
    const slice = sliceFromHits(schema, request.query, request.hits, { maxTokens: request.maxTokens, roots: request.roots });
    parentPort?.postMessage({ type: 'sliced', call, slice });
  } catch (error) {
    const e = error instanceof Error ? error : new Error(String(error));
    const code = (e as { code?: unknown }).code;
    parentPort?.postMessage({ type: 'error', call, name: e.name, message: e.message, ...(typeof code === 'string' ? { code } : {}) });
  }
});
