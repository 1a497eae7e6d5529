/**
 * What the discovery service needs from its surroundings, kept small so that
 * apps wire real adapters and tests wire real ones too (memory or Redis).
 */
import type { Resolution } from '@discovery/generation/contract';

export type { TextEmbedder } from '@discovery/embeddings';

/** Turns a prompt into operations: the generator, through its queue (GenerationClient). */
export interface GenerationPort {
  generate(indexId: string, prompt: string, options: { requestId?: string }): Promise<Resolution>;
}

/** Structured log sink (pino-compatible subset). Never pass SDL, prompts or tokens. */
export interface Log {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
  debug(obj: object, msg?: string): void;
}

/** Hooks for metrics; every member optional. */
export interface DiscoveryObserver {
  buildStarted?(indexId: string): void;
  buildProgress?(indexId: string, done: number, total: number): void;
  buildFinished?(indexId: string, outcome: 'ready' | 'failed', seconds: number, symbols: number): void;
  cacheLookup?(hit: boolean): void;
  indexesHeld?(count: number, bytes: number): void;
  /** A loaded index dropped from memory to stay within INDEX_CACHE_MAX_BYTES (it reloads on next use). */
  /** `memory`: dropped from this process's cache; `idle`: expired in the store after INDEX_IDLE_TTL unused. */
  indexEvicted?(reason: 'memory' | 'idle', count?: number): void;
  /** A generated answer left `count` reasons unsatisfied for the index (the demand report). */
  unsatisfied?(indexId: string, count: number): void;
}

export const silentLog: Log = {
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
  debug: () => undefined,
};
