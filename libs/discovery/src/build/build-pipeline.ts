/**
 * BuildPipeline: runs the build stages for one index. The symbols stay where
 * they were made; only their embedding texts come back to the caller, which
 * embeds them (cache and model live in the main thread) and hands the vectors
 * back. `inProcessPipeline` runs the stages here; `workerPipeline` runs them
 * in a worker thread so a build of a large schema never stalls the API.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { buildSearchIndex, serializeSearchIndex } from '@discovery/ranking';
import { buildSchemaFromSdl, extractSymbols, SymbolExtractionError } from '@discovery/schema-symbols';
import type { WorkerReply, WorkerRequest } from './build-worker.protocol.js';

export interface PreparedBuild {
  texts: string[];
  lenient: boolean;
  warnings: string[];
  /** Serialized search index for these symbols and vectors (aligned with `texts`). */
  assemble(vectors: Int8Array[] | undefined): Promise<Record<string, Buffer>>;
  /** Frees the worker when the build stops before assembling. */
  dispose(): void;
}

export type BuildPipeline = (sdl: string, maxBytes: number) => Promise<PreparedBuild>;

/** The same stages as build.worker.ts, in this thread. */
export const inProcessPipeline: BuildPipeline = async (sdl, maxBytes) => {
  const { schema, lenient, warnings } = buildSchemaFromSdl(sdl, { maxBytes });
  const symbols = extractSymbols(schema);
  return {
    texts: symbols.map((s) => s.embeddingText),
    lenient,
    warnings,
    assemble: async (vectors) => serializeSearchIndex(buildSearchIndex(symbols, vectors)),
    dispose: () => undefined,
  };
};

/** The compiled worker next to this module in dist, else the TypeScript source (tests). */
function workerPath(): string {
  const compiled = fileURLToPath(new URL('./build.worker.js', import.meta.url));
  return existsSync(compiled) ? compiled : fileURLToPath(new URL('./build.worker.ts', import.meta.url));
}

export const workerPipeline: BuildPipeline = async (sdl, maxBytes) => {
  const worker = new Worker(workerPath());
  let settle: ((reply: WorkerReply) => void) | undefined;
  let failure: Error | undefined;
  const replies: WorkerReply[] = [];
  worker.on('message', (reply: WorkerReply) => (settle ? settle(reply) : replies.push(reply)));
  worker.on('error', (error) => (failure = error));
  worker.on('exit', (code) => {
    failure ??= new Error(`the build worker exited (code ${code})`);
    settle?.({ type: 'error', name: 'Error', message: failure.message });
  });
  const next = (): Promise<WorkerReply> =>
    new Promise((resolve) => {
      const queued = replies.shift();
      if (queued) return resolve(queued);
      if (failure) return resolve({ type: 'error', name: 'Error', message: failure.message });
      settle = (reply) => {
        settle = undefined;
        resolve(reply);
      };
    });
  const send = (request: WorkerRequest, transfer: ArrayBuffer[] = []) => worker.postMessage(request, transfer);
  const dispose = () => void worker.terminate();

  send({ type: 'prepare', sdl, maxBytes });
  const prepared = await next();
  if (prepared.type !== 'prepared') {
    dispose();
    throw rebuildError(prepared);
  }
  return {
    texts: prepared.texts,
    lenient: prepared.lenient,
    warnings: prepared.warnings,
    dispose,
    async assemble(vectors) {
      const packed = vectors ? pack(vectors) : undefined;
      send({ type: 'assemble', ...(packed ? { vectors: packed.buffer, dimensions: packed.dimensions } : {}) }, packed ? [packed.buffer] : []);
      const reply = await next();
      dispose();
      if (reply.type !== 'assembled') throw rebuildError(reply);
      return Object.fromEntries(Object.entries(reply.parts).map(([name, bytes]) => [name, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)]));
    },
  };
};

function pack(vectors: Int8Array[]): { buffer: ArrayBuffer; dimensions: number } {
  const dimensions = vectors[0]?.length ?? 0;
  const all = new Int8Array(vectors.length * dimensions);
  vectors.forEach((v, i) => all.set(v, i * dimensions));
  return { buffer: all.buffer, dimensions };
}

function rebuildError(reply: WorkerReply): Error {
  if (reply.type !== 'error') return new Error(`unexpected reply from the build worker: ${reply.type}`);
  if (reply.name === 'SymbolExtractionError' && reply.code) {
    return new SymbolExtractionError(reply.code as ConstructorParameters<typeof SymbolExtractionError>[0], reply.message);
  }
  return new Error(reply.message);
}

