/** Messages between UseLiteProvider's pool and its worker threads (types only). */
export type WorkerRequest = { type: 'embed'; id: number; texts: string[] } | { type: 'embed-ids'; id: number; ids: number[][] };

export type WorkerResponse =
  | { type: 'ready'; dimensions: number }
  | { type: 'failed'; message: string }
  | { type: 'result'; id: number; data: Float32Array }
  | { type: 'error'; id: number; message: string };
