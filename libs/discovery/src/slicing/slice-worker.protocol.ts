/**
 * Messages between the API's slicer and its worker thread (slice.worker.ts).
 * Every request carries a call number that its reply echoes. The worker keeps
 * schemas by index id; a request without `sdl` for a schema it does not hold
 * is answered `missing`, and the caller sends it again with the SDL. The
 * worker's element limits (names, descriptions, defaults) come with its start
 * (`workerData`).
 */
import type { RootOperation } from '@discovery/schema-symbols';
import type { SchemaSliceResult, SliceHit } from '@discovery/schema-slice';

export type SliceWorkerRequest =
  | { type: 'roots'; call: number; indexId: string; sdl?: string }
  | { type: 'slice'; call: number; indexId: string; sdl?: string; query: string; hits: SliceHit[]; maxTokens: number; roots: RootOperation[] };

export type SliceWorkerReply =
  | { type: 'missing'; call: number }
  /** The index's schema is over a per-element limit (built before it): not sliced, the reason names the limit. */
  | { type: 'refused'; call: number; message: string }
  | { type: 'roots'; call: number; roots: Partial<Record<RootOperation, string>> }
  | { type: 'sliced'; call: number; slice: SchemaSliceResult }
  | { type: 'error'; call: number; name: string; code?: string; message: string };
