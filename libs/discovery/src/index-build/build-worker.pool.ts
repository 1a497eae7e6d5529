/**
 * BuildWorkerPool: build worker threads kept warm between builds. Starting a
 * thread, loading its modules and JIT-compiling them cost more than a warm
 * rebuild itself, so a worker serves build after build (one at a time), and
 * the content-keyed memos in the libraries it runs stay warm with it.
 *
 * At most `size` idle workers are kept (the build concurrency); a build that
 * finds none idle starts one. A worker that crashes, exits or is terminated
 * fails only the build it was running and is not reused: the next build starts
 * a fresh one. `close()` terminates the idle workers at once and each busy one
 * when its build ends (a build that is running finishes: the job queue decides
 * when builds stop); builds asked for after close run on one-shot workers.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { SymbolExtractionError } from '@discovery/schema-symbols';
import type { BuildPipeline } from './build-pipeline.port.js';
import type { WorkerReply, WorkerRequest } from './build-worker.protocol.js';

export interface BuildWorkerPoolOptions {
  /** Idle workers kept warm: the number of builds that run at once (BUILD_CONCURRENCY). */
  size: number;
  /** Worker script; default the build worker next to this module (compiled, else its TypeScript source). */
  script?: string;
  /**
   * Most heap one worker thread may hold (its V8 old generation; BUILD_HEAP_MAX_BYTES): a build that
   * needs more fails (ERR_WORKER_OUT_OF_MEMORY) and its worker is replaced. Default 1 GiB.
   */
  heapMaxBytes?: number;
}

/** The default cap of a build thread's heap: the largest real schemas peak far below it (docs/performance.md). */
export const BUILD_HEAP_MAX_BYTES = 1024 * 1024 * 1024;

export interface BuildWorkerPoolStats {
  /** Worker threads started since the pool was made. */
  started: number;
  idle: number;
  busy: number;
}

export class BuildWorkerPool {
  private readonly idle: BuildWorker[] = [];
  private readonly script: string;
  private readonly heapMaxMb: number;
  private readonly size: number;
  private busy = 0;
  private started = 0;
  private closed = false;
  private nextBuild = 1;

  constructor(options: BuildWorkerPoolOptions) {
    if (!Number.isSafeInteger(options.size) || options.size < 1) {
      throw new RangeError(`The build worker pool size must be a positive integer, got ${String(options.size)}`);
    }
    this.size = options.size;
    this.script = options.script ?? defaultScript();
    this.heapMaxMb = Math.max(16, Math.floor((options.heapMaxBytes ?? BUILD_HEAP_MAX_BYTES) / (1024 * 1024)));
  }

  get stats(): BuildWorkerPoolStats {
    return { started: this.started, idle: this.idle.length, busy: this.busy };
  }

  /** The pipeline: prepares in a pooled worker, which stays with the build until it is assembled or disposed. */
  readonly run: BuildPipeline = async (sdl, maxBytes, maxSymbols, elements) => {
    const worker = this.acquire();
    const build = this.nextBuild++;
    let released = false;
    const release = (healthy: boolean): void => {
      if (released) return;
      released = true;
      this.release(worker, healthy);
    };
    let prepared: WorkerReply;
    try {
      prepared = await worker.request({
        type: 'prepare',
        build,
        sdl,
        maxBytes,
        ...(maxSymbols !== undefined ? { maxSymbols } : {}),
        ...(elements ? { elements } : {}),
      });
    } catch (error) {
      release(false);
      throw error;
    }
    if (prepared.type !== 'prepared') {
      // An error reply is the build's (a bad SDL): the worker itself is fine.
      release(prepared.type === 'error');
      throw replyError(prepared);
    }
    return {
      texts: prepared.texts,
      lenient: prepared.lenient,
      warnings: prepared.warnings,
      dispose: () => {
        if (released) return;
        worker.post({ type: 'discard', build });
        release(true);
      },
      assemble: async (vectors) => {
        if (released) throw new Error('the build was disposed before it was assembled');
        const packed = vectors ? pack(vectors) : undefined;
        const request: WorkerRequest = { type: 'assemble', build, ...(packed ? { vectors: packed.buffer, dimensions: packed.dimensions } : {}) };
        let reply: WorkerReply;
        try {
          reply = await worker.request(request, packed ? [packed.buffer] : []);
        } catch (error) {
          release(false);
          throw error;
        }
        release(reply.type === 'assembled' || reply.type === 'error');
        if (reply.type !== 'assembled') throw replyError(reply);
        return Object.fromEntries(Object.entries(reply.parts).map(([name, bytes]) => [name, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)]));
      },
    };
  };

  /** Terminates the idle workers now and the busy ones as their builds end. */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.idle.splice(0).map((worker) => worker.terminate()));
  }

  private acquire(): BuildWorker {
    this.busy += 1;
    for (let worker = this.idle.pop(); worker; worker = this.idle.pop()) {
      if (worker.alive) {
        worker.ref();
        return worker;
      }
    }
    this.started += 1;
    return new BuildWorker(this.script, this.heapMaxMb);
  }

  private release(worker: BuildWorker, healthy: boolean): void {
    this.busy -= 1;
    if (healthy && worker.alive && !this.closed && this.idle.length < this.size) {
      // An idle worker does not keep the process alive (a caller that never closes the pool still exits).
      worker.unref();
      this.idle.push(worker);
    } else {
      void worker.terminate();
    }
  }
}

/** One worker thread and the one request it may have in flight. */
class BuildWorker {
  private readonly thread: Worker;
  private pending: { build: number; resolve(reply: WorkerReply): void; reject(error: Error): void } | undefined;
  private failure: Error | undefined;

  constructor(script: string, heapMaxMb: number) {
    this.thread = new Worker(script, { resourceLimits: { maxOldGenerationSizeMb: heapMaxMb } });
    this.thread.on('message', (reply: WorkerReply) => {
      const pending = this.pending;
      if (pending === undefined || reply.build !== pending.build) return;
      this.pending = undefined;
      pending.resolve(reply);
    });
    this.thread.on('error', (error) => this.fail(error));
    this.thread.on('exit', (code) => this.fail(new Error(`the build worker exited (code ${code})`)));
  }

  get alive(): boolean {
    return this.failure === undefined;
  }

  /** Sends a request and waits for its reply; rejects when the thread dies first. */
  request(message: WorkerRequest, transfer: ArrayBuffer[] = []): Promise<WorkerReply> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      this.pending = { build: message.build, resolve, reject };
      this.thread.postMessage(message, transfer);
    });
  }

  ref(): void {
    this.thread.ref();
  }

  unref(): void {
    this.thread.unref();
  }

  /** Sends a message that has no reply. */
  post(message: WorkerRequest): void {
    if (this.alive) this.thread.postMessage(message);
  }

  async terminate(): Promise<void> {
    this.fail(new Error('the build worker was stopped'));
    await this.thread.terminate();
  }

  private fail(error: Error): void {
    this.failure ??= error;
    const pending = this.pending;
    this.pending = undefined;
    pending?.reject(this.failure);
  }
}

/** The compiled worker next to this module in dist, else the TypeScript source (tests). */
function defaultScript(): string {
  const compiled = fileURLToPath(new URL('./build.worker.js', import.meta.url));
  return existsSync(compiled) ? compiled : fileURLToPath(new URL('./build.worker.ts', import.meta.url));
}

function pack(vectors: Int8Array[]): { buffer: ArrayBuffer; dimensions: number } {
  const dimensions = vectors[0]?.length ?? 0;
  const all = new Int8Array(vectors.length * dimensions);
  vectors.forEach((v, i) => {
    all.set(v, i * dimensions);
  });
  return { buffer: all.buffer, dimensions };
}

function replyError(reply: WorkerReply): Error {
  if (reply.type !== 'error') return new Error(`unexpected reply from the build worker: ${reply.type}`);
  if (reply.name === 'SymbolExtractionError' && reply.code) {
    return new SymbolExtractionError(reply.code as ConstructorParameters<typeof SymbolExtractionError>[0], reply.message);
  }
  return new Error(reply.message);
}
