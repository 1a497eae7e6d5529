/**
 * Sends MCP progress notifications while a slow call waits, so clients show activity and can
 * keep their request timeout alive (`resetTimeoutOnProgress`).
 */
import type { ProgressToken } from '@modelcontextprotocol/sdk/types.js';

export type SendProgress = (params: { progressToken: ProgressToken; progress: number; message: string }) => Promise<void>;

/** Runs `work`, notifying at once and then every `intervalMs` until it settles. */
export async function withProgress<T>(work: Promise<T>, progressToken: ProgressToken, send: SendProgress, intervalMs: number): Promise<T> {
  const started = Date.now();
  let progress = 0;
  const notify = (): void => {
    const seconds = Math.round((Date.now() - started) / 1000);
    progress += 1;
    send({ progressToken, progress, message: `Generating operations (${seconds} s)` }).catch(() => undefined);
  };
  notify();
  const timer = setInterval(notify, intervalMs);
  try {
    return await work;
  } finally {
    clearInterval(timer);
  }
}
