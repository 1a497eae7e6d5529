/**
 * Messages between the build pipeline and its worker thread. A worker runs
 * one build at a time: `prepare`, then `assemble` or `discard`. Every request
 * carries the build's sequence number and every reply echoes it, so a reply
 * can never be taken for another build's.
 */
import type { ElementLimits } from '@discovery/schema-symbols';

export type WorkerRequest =
  | { type: 'prepare'; build: number; sdl: string; maxBytes: number; maxSymbols?: number; elements?: ElementLimits }
  | { type: 'assemble'; build: number; vectors?: ArrayBuffer; dimensions?: number }
  /** The build stopped before assembling: drop its symbols (no reply). */
  | { type: 'discard'; build: number };

export type WorkerReply =
  | { type: 'prepared'; build: number; texts: string[]; lenient: boolean; warnings: string[] }
  | { type: 'assembled'; build: number; parts: Record<string, Uint8Array> }
  | { type: 'error'; build: number; name: string; code?: string; message: string };
