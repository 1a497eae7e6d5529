/**
 * The slice worker thread: searches and slices schemas for GetSchemaSlice off
 * the API's event loop (issue 23 finding 9: a 32k-token slice took 0.5-1.2 s
 * of the loop, and 8 at once moved another tenant's search p50 from 3 ms to
 * 1.25 s; the slice's search of its 100 hits, on the loop until then, still
 * held it for tens of milliseconds per slice and for hundreds on an index's
 * first named query). It keeps the schemas it built by index id (an address
 * names one SDL, so a kept schema never goes stale) and the search indexes it
 * opened by build (id, version, build time), least recently used out beyond
 * `cacheMaxBytes` (SLICE_CACHE_MAX_BYTES, default 256 MiB; the kept entries
 * never exceed it, except one entry larger than the whole budget, kept alone).
 * A built schema is counted 3 bytes per SDL byte (graphql-js keeps the source
 * for its locations) plus 640 per named type, field, argument and enum value
 * (fitted to 10 real schemas: within 0.85-1.3 of the measured heap, where a
 * flat 8 per SDL byte gave 0.31-1.22 of it); a search index its stored bytes
 * and its heap. A schema over
 * today's element limits (an index built before them) is not built at all but
 * refused, naming the limit, and the refusal kept, so a hostile legacy index
 * costs one parse. The thread lowers its own scheduling priority
 * (WORKER_NICE): on a busy machine the API's loop, which answers everyone,
 * runs before one tenant's slice. Imports only packages (no relative
 * modules) so it also runs from its TypeScript source.
 */
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { isEnumType, isInputObjectType, isInterfaceType, isObjectType, type GraphQLSchema } from 'graphql';
import { openIndexArtifact, search, type ArtifactSearchIndex, type RankingOptions } from '@discovery/ranking';
import {
  buildSchemaFromSdl,
  rootTypeNames,
  SymbolExtractionError,
  SymbolExtractionErrorCode,
  type ElementLimits,
  type RootOperation,
} from '@discovery/schema-symbols';
import { sliceFromHits, type SliceHit } from '@discovery/schema-slice';

interface Search {
  key: string;
  limit: number;
  ranking: Readonly<RankingOptions>;
  queryVector?: Float32Array;
  parts?: { artifact: Uint8Array; vectors?: Uint8Array };
}

type Request =
  | { type: 'roots'; call: number; indexId: string; sdl?: string }
  | {
      type: 'slice';
      call: number;
      indexId: string;
      sdl?: string;
      query: string;
      maxTokens: number;
      roots: RootOperation[];
      hits?: SliceHit[];
      search?: Search;
    };

const DEFAULT_CACHE_MAX_BYTES = 256 * 1024 * 1024;
/** Heap of a built schema: per byte of its SDL (the source kept for locations), and per element. */
const BYTES_PER_SDL_BYTE = 3;
const BYTES_PER_ELEMENT = 640;
/** The nice value of this thread (Linux: per thread); 0 where lowering it is refused. */
const WORKER_NICE = 10;
const started = workerData as { elements?: ElementLimits; cacheMaxBytes?: number } | undefined;
const elements = started?.elements;
const CACHE_MAX_BYTES = started?.cacheMaxBytes ?? DEFAULT_CACHE_MAX_BYTES;
const OVER_LIMIT = new Set<string>([
  SymbolExtractionErrorCode.NameTooLong,
  SymbolExtractionErrorCode.DescriptionTooLong,
  SymbolExtractionErrorCode.ValueTooLarge,
]);
/** Schemas (or the reason one is refused) under `schema:<id>`, search indexes under `search:<key>`. */
const kept = new Map<string, { value: GraphQLSchema | string | ArtifactSearchIndex; bytes: number }>();
let cachedBytes = 0;

try {
  setPriority(WORKER_NICE);
} catch {
  // not allowed here: the thread runs at the process's priority
}

function lookup<T>(key: string): T | undefined {
  const entry = kept.get(key);
  if (!entry) return undefined;
  kept.delete(key);
  kept.set(key, entry);
  return entry.value as T;
}

function keep<T extends GraphQLSchema | string | ArtifactSearchIndex>(key: string, value: T, bytes: number): T {
  for (const [id, old] of kept) {
    if (cachedBytes + bytes <= CACHE_MAX_BYTES) break;
    kept.delete(id);
    cachedBytes -= old.bytes;
  }
  kept.set(key, { value, bytes });
  cachedBytes += bytes;
  return value;
}

/** The schema, the reason it is refused, or undefined when the SDL is needed. */
function schemaOf(indexId: string, sdl: string | Uint8Array | undefined): GraphQLSchema | string | undefined {
  const known = lookup<GraphQLSchema | string>(`schema:${indexId}`);
  if (known !== undefined || sdl === undefined) return known;
  const text = typeof sdl === 'string' ? sdl : Buffer.from(sdl.buffer, sdl.byteOffset, sdl.byteLength).toString('utf8');
  const schema = build(text);
  return keep(`schema:${indexId}`, schema, typeof schema === 'string' ? schema.length : schemaBytes(schema, Buffer.byteLength(text)));
}

/** The estimated heap of a built schema (see the file's comment). */
function schemaBytes(schema: GraphQLSchema, sdlBytes: number): number {
  let count = 0;
  for (const type of Object.values(schema.getTypeMap())) {
    count += 1;
    if (isObjectType(type) || isInterfaceType(type)) {
      for (const field of Object.values(type.getFields())) count += 1 + field.args.length;
    } else if (isInputObjectType(type)) {
      count += Object.keys(type.getFields()).length;
    } else if (isEnumType(type)) {
      count += type.getValues().length;
    }
  }
  return sdlBytes * BYTES_PER_SDL_BYTE + count * BYTES_PER_ELEMENT;
}

/** The search index of one build, or undefined when its parts are needed. */
function searchIndexOf(request: Search): ArtifactSearchIndex | undefined {
  const known = lookup<ArtifactSearchIndex>(`search:${request.key}`);
  if (known !== undefined || request.parts === undefined) return known;
  const { artifact, vectors } = request.parts;
  const index = openIndexArtifact(artifact, vectors);
  return keep(`search:${request.key}`, index, artifact.byteLength + (vectors?.byteLength ?? 0) + index.heapBytes);
}

function build(sdl: string): GraphQLSchema | string {
  try {
    return buildSchemaFromSdl(sdl, elements ? { elements } : {}).schema;
  } catch (error) {
    if (error instanceof SymbolExtractionError && OVER_LIMIT.has(error.code)) return error.message;
    throw error;
  }
}

/** The hits `IndexReader.search` gives for the same request and options, from this thread's copy of the index. */
function searchHits(index: ArtifactSearchIndex, query: string, roots: RootOperation[], request: Search): SliceHit[] {
  const ranked = search(index, { query, limit: request.limit, roots, ...(request.queryVector ? { queryVector: request.queryVector } : {}) }, request.ranking);
  return ranked.map((hit) => ({ symbol: index.materialize(hit.symbol), score: hit.score }));
}

parentPort?.on('message', (request: Request) => {
  const { call } = request;
  try {
    const schema = schemaOf(request.indexId, request.sdl);
    if (typeof schema === 'string') {
      parentPort?.postMessage({ type: 'refused', call, message: schema });
      return;
    }
    const searchIndex = request.type === 'slice' && request.search ? searchIndexOf(request.search) : undefined;
    const need = [...(schema ? [] : ['sdl']), ...(request.type === 'slice' && request.search && !searchIndex ? ['parts'] : [])];
    if (!schema || need.length > 0) {
      parentPort?.postMessage({ type: 'missing', call, need });
      return;
    }
    if (request.type === 'roots') {
      parentPort?.postMessage({ type: 'roots', call, roots: rootTypeNames(schema) });
      return;
    }
    const hits = searchIndex && request.search ? searchHits(searchIndex, request.query, request.roots, request.search) : (request.hits ?? []);
    const slice = sliceFromHits(schema, request.query, hits, { maxTokens: request.maxTokens, roots: request.roots });
    parentPort?.postMessage({ type: 'sliced', call, slice });
  } catch (error) {
    const e = error instanceof Error ? error : new Error(String(error));
    const code = (e as { code?: unknown }).code;
    parentPort?.postMessage({ type: 'error', call, name: e.name, message: e.message, ...(typeof code === 'string' ? { code } : {}) });
  }
});
