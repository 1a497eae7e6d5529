/**
 * The shape of a build pipeline (what build-pipeline.ts and the worker pool
 * both implement), apart from either so that neither imports the other.
 */
import type { ElementLimits } from '@discovery/schema-symbols';
export interface PreparedBuild {
  texts: string[];
  lenient: boolean;
  warnings: string[];
  /** Serialized search index for these symbols and vectors (aligned with `texts`). */
  assemble(vectors: Int8Array[] | undefined): Promise<Record<string, Buffer>>;
  /** Frees the worker when the build stops before assembling (a no-op after `assemble`). */
  dispose(): void;
}

/**
 * `maxSymbols`: a schema whose SDL shows more is refused before it is parsed (SymbolExtractionError TOO_MANY_SYMBOLS).
 * `elements`: names, descriptions and default values over their limits are refused before the schema is built.
 */
export type BuildPipeline = (sdl: string, maxBytes: number, maxSymbols?: number, elements?: ElementLimits) => Promise<PreparedBuild>;

/** A pipeline that holds resources (threads): one is made per runtime and closed when it stops. */
export interface OwnedBuildPipeline {
  run: BuildPipeline;
  close(): Promise<void>;
}

export interface BuildPipelineFactory {
  /** `concurrency`: the builds that run at once in this process; `heapMaxBytes`: each build thread's heap cap. */
  create(options: { concurrency: number; heapMaxBytes?: number }): OwnedBuildPipeline;
}
