/**
 * Messages between the API's slicer and its worker thread (slice.worker.ts).
 * Every request carries a call number that its reply echoes. The worker keeps
 * schemas by index id and search indexes by `search.key` (id, build version,
 * build time); a request naming one it does not hold is answered `missing`
 * with what it needs, and the caller sends it again with the SDL and/or the
 * stored parts. A slice request carries either the search hits (an index the
 * worker cannot search: a previous format) or `search`, and the worker
 * searches the index itself, as `IndexReader.search` would, with the ranking
 * options and query vector given. The worker's element limits (names,
 * descriptions, defaults) come with its start (`workerData`).
 */
import type { SearchParts, SearchPlan } from '@discovery/index-reader';
import type { RootOperation } from '@discovery/schema-symbols';
import type { SchemaSliceResult, SliceHit } from '@discovery/schema-slice';

/** A search the worker runs before slicing. */
export interface WorkerSearch extends SearchPlan {
  /** Names one stored build of the index: a rebuilt index is a new key. */
  key: string;
  limit: number;
  /** The stored parts, when the worker asked for them. */
  parts?: SearchParts;
}

/** An SDL as text, or as its UTF-8 bytes (moved to the worker without a copy, decoded there). */
export type Sdl = string | Uint8Array;

export type SliceWorkerRequest =
  | { type: 'roots'; call: number; indexId: string; sdl?: Sdl }
  | {
      type: 'slice';
      call: number;
      indexId: string;
      sdl?: Sdl;
      query: string;
      maxTokens: number;
      roots: RootOperation[];
      hits?: SliceHit[];
      search?: WorkerSearch;
    };

/** What the worker lacks for a request: the SDL (the schema) and/or the stored parts (the search index). */
export type WorkerNeed = 'sdl' | 'parts';

export type SliceWorkerReply =
  | { type: 'missing'; call: number; need: WorkerNeed[] }
  /** The index's schema is over a per-element limit (built before it): not sliced, the reason names the limit. */
  | { type: 'refused'; call: number; message: string }
  | { type: 'roots'; call: number; roots: Partial<Record<RootOperation, string>> }
  | { type: 'sliced'; call: number; slice: SchemaSliceResult }
  | { type: 'error'; call: number; name: string; code?: string; message: string };
