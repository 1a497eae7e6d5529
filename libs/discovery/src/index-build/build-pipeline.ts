/**
 * BuildPipeline: runs the build stages for one index. The symbols stay where
 * they were made; only their embedding texts come back to the caller, which
 * embeds them (cache and model live in the main thread) and hands the vectors
 * back. `inProcessPipeline` runs the stages here; `workerPipeline` makes a
 * pool of warm worker threads (build-worker.pool.ts) so a build of a large
 * schema never stalls the API and a rebuild does not pay a thread's start.
 */
import { buildSearchIndex, writeIndexArtifact } from '@discovery/ranking';
import { buildSchemaFromSdl, checkSymbolEstimate, extractSymbols } from '@discovery/schema-symbols';
import { BuildWorkerPool } from './build-worker.pool.js';
import type { BuildPipeline, BuildPipelineFactory } from './build-pipeline.port.js';

export type { BuildPipeline, BuildPipelineFactory, OwnedBuildPipeline, PreparedBuild } from './build-pipeline.port.js';

/** The same stages as build.worker.ts, in this thread. */
export const inProcessPipeline: BuildPipeline = async (sdl, maxBytes, maxSymbols, elements) => {
  if (maxSymbols !== undefined) checkSymbolEstimate(sdl, maxSymbols);
  const { schema, lenient, warnings } = buildSchemaFromSdl(sdl, { maxBytes, ...(elements ? { elements } : {}) });
  const symbols = extractSymbols(schema);
  return {
    texts: symbols.map((s) => s.embeddingText),
    lenient,
    warnings,
    assemble: async (vectors) => writeIndexArtifact(buildSearchIndex(symbols, vectors)),
    dispose: () => undefined,
  };
};

/** Builds in worker threads, one warm worker per concurrent build. */
export const workerPipeline: BuildPipelineFactory = {
  create: ({ concurrency, heapMaxBytes }) => new BuildWorkerPool({ size: Math.max(1, concurrency), ...(heapMaxBytes !== undefined ? { heapMaxBytes } : {}) }),
};
