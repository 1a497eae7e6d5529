/**
 * The build worker thread: prepares symbols from the SDL, keeps them, and
 * assembles the serialized search index once the vectors arrive. Imports only
 * packages (no relative modules) so it also runs from its TypeScript source.
 */
import { parentPort } from 'node:worker_threads';
import { buildSchemaFromSdl, extractSymbols, type SchemaSymbol } from '@discovery/schema-symbols';
import { buildSearchIndex, serializeSearchIndex } from '@discovery/ranking';

type Request = { type: 'prepare'; sdl: string; maxBytes: number } | { type: 'assemble'; vectors?: ArrayBuffer; dimensions?: number };

let symbols: SchemaSymbol[] = [];

function fail(error: unknown): void {
  const e = error instanceof Error ? error : new Error(String(error));
  const code = (e as { code?: unknown }).code;
  parentPort?.postMessage({ type: 'error', name: e.name, message: e.message, ...(typeof code === 'string' ? { code } : {}) });
}

parentPort?.on('message', (request: Request) => {
  try {
    if (request.type === 'prepare') {
      const { schema, lenient, warnings } = buildSchemaFromSdl(request.sdl, { maxBytes: request.maxBytes });
      symbols = extractSymbols(schema);
      parentPort?.postMessage({ type: 'prepared', texts: symbols.map((s) => s.embeddingText), lenient, warnings });
      return;
    }
    const { vectors, dimensions = 0 } = request;
    const all = vectors ? new Int8Array(vectors) : undefined;
    const split = all && dimensions > 0 ? symbols.map((_, i) => all.subarray(i * dimensions, (i + 1) * dimensions)) : undefined;
    // Copied, not transferred: small Buffers share Node's pool, which cannot be transferred.
    parentPort?.postMessage({ type: 'assembled', parts: serializeSearchIndex(buildSearchIndex(symbols, split)) });
  } catch (error) {
    fail(error);
  }
});
