/**
 * A small pool of USE-Lite worker threads. Each worker loads its own copy of
 * the model; requests go to the least busy worker; a worker that dies fails
 * its in-flight requests and is replaced on the next request. close()
 * terminates every worker, so a process (or jest) can exit.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { EmbeddingError, EmbeddingErrorCode } from '../embedding.errors.js';
import type { WorkerRequest, WorkerResponse } from './use-lite.protocol.js';

type Payload = { type: 'embed'; texts: string[] } | { type: 'embed-ids'; ids: number[][] };

interface Pending {
  resolve(data: Float32Array): void;
  reject(error: Error): void;
}

interface Slot {
  worker: Worker;
  ready: Promise<number>;
  pending: Map<number, Pending>;
  /** Set when the worker exited; requests reaching it afterwards fail at once. */
  dead?: Error;
}

/** The compiled worker next to this module in dist, else the TypeScript source (tests, tsx). */
function workerPath(): string {
  const compiled = fileURLToPath(new URL('./use-lite.worker.js', import.meta.url));
  return existsSync(compiled) ? compiled : fileURLToPath(new URL('./use-lite.worker.ts', import.meta.url));
}

export class UseLiteWorkerPool {
  private readonly slots: (Slot | undefined)[];
  private nextId = 1;
  private closed = false;

  constructor(size: number) {
    if (!Number.isInteger(size) || size < 1) {
      throw new EmbeddingError(EmbeddingErrorCode.InvalidInput, `worker count must be a positive integer, got ${size}`);
    }
    this.slots = Array.from({ length: size }, () => undefined);
  }

  /** Starts every worker and waits for its model; resolves to the model's dimensions. */
  async start(): Promise<number> {
    const dims = await Promise.all(this.slots.map((_, i) => this.slot(i).ready));
    return dims[0] as number;
  }

  /** Embeds one request on the least busy worker; resolves to row-major vectors. */
  run(payload: Payload): Promise<Float32Array> {
    if (this.closed) return Promise.reject(new EmbeddingError(EmbeddingErrorCode.Closed, 'the USE-Lite provider is closed'));
    let index = 0;
    for (let i = 1; i < this.slots.length; i++) {
      if ((this.slots[i]?.pending.size ?? 0) < (this.slots[index]?.pending.size ?? 0)) index = i;
    }
    const slot = this.slot(index);
    const id = this.nextId++;
    return slot.ready.then(
      () =>
        new Promise<Float32Array>((resolve, reject) => {
          if (slot.dead) return reject(slot.dead);
          slot.pending.set(id, { resolve, reject });
          const request: WorkerRequest = { ...payload, id };
          slot.worker.postMessage(request);
        }),
    );
  }

  async close(): Promise<void> {
    this.closed = true;
    const slots = this.slots.splice(0, this.slots.length);
    await Promise.all(
      slots.map(async (slot) => {
        if (!slot) return;
        this.failAll(slot, new EmbeddingError(EmbeddingErrorCode.Closed, 'the USE-Lite provider was closed'));
        await slot.worker.terminate();
      }),
    );
  }

  private slot(index: number): Slot {
    const existing = this.slots[index];
    if (existing) return existing;
    const worker = new Worker(workerPath());
    const pending = new Map<number, Pending>();
    let settleReady: { resolve(d: number): void; reject(e: Error): void } | undefined;
    const ready = new Promise<number>((resolve, reject) => (settleReady = { resolve, reject }));
    ready.catch(() => undefined); // observed by start()/run(); avoid an unhandled rejection in between
    const slot: Slot = { worker, ready, pending };
    worker.on('message', (message: WorkerResponse) => this.onMessage(slot, message, settleReady));
    const die = (error: Error): void => {
      const failure = new EmbeddingError(EmbeddingErrorCode.ModelFailed, `USE-Lite worker stopped: ${error.message}`, { cause: error });
      slot.dead ??= failure;
      settleReady?.reject(failure);
      this.failAll(slot, failure);
      if (this.slots[index] === slot) this.slots[index] = undefined;
    };
    worker.on('error', die);
    worker.on('exit', (code) => die(new Error(`exit code ${code}`)));
    this.slots[index] = slot;
    return slot;
  }

  private onMessage(slot: Slot, message: WorkerResponse, settleReady: { resolve(d: number): void; reject(e: Error): void } | undefined): void {
    switch (message.type) {
      case 'ready':
        settleReady?.resolve(message.dimensions);
        return;
      case 'failed':
        settleReady?.reject(new EmbeddingError(EmbeddingErrorCode.ModelFailed, `USE-Lite model failed to load: ${message.message}`));
        void slot.worker.terminate();
        return;
      case 'result':
        slot.pending.get(message.id)?.resolve(message.data);
        slot.pending.delete(message.id);
        return;
      case 'error':
        slot.pending.get(message.id)?.reject(new EmbeddingError(EmbeddingErrorCode.ModelFailed, `USE-Lite failed: ${message.message}`));
        slot.pending.delete(message.id);
        return;
    }
  }

  private failAll(slot: Slot, error: Error): void {
    for (const pending of slot.pending.values()) pending.reject(error);
    slot.pending.clear();
  }
}
