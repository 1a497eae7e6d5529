/** Messages between the build pipeline and its worker thread. */
export type WorkerRequest =
  | { type: 'prepare'; sdl: string; maxBytes: number }
  | { type: 'assemble'; vectors?: ArrayBuffer; dimensions?: number };

export type WorkerReply =
  | { type: 'prepared'; texts: string[]; lenient: boolean; warnings: string[] }
  | { type: 'assembled'; parts: Record<string, Uint8Array> }
  | { type: 'error'; name: string; code?: string; message: string };
