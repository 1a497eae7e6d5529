/**
 * The build worker thread: prepares symbols from the SDL, keeps them, and
 * assembles the serialized search index once the vectors arrive. A pooled
 * worker serves build after build, so its module code stays loaded and JIT-
 * compiled, and the content-keyed memos of the libraries it calls stay warm.
 * Imports only packages (no relative modules) so it also runs from its
 * TypeScript source.
 */
import { parentPort } from 'node:worker_threads';
import { buildSchemaFromSdl, extractSymbols, type SchemaSymbol } from '@discovery/schema-symbols';
import { buildSearchIndex, serializeSearchIndex } from '@discovery/ranking';

type Request =
  | { type: 'prepare'; build: number; sdl: string; maxBytes: number }
  | { type: 'assemble'; build: number; vectors?: ArrayBuffer; dimensions?: number }
  | { type: 'discard'; build: number };

/** The symbols of the build in progress; released as soon as it is assembled or discarded. */
let symbols: SchemaSymbol[] = [];

function fail(build: number, error: unknown): void {
  const e = error instanceof Error ? error : new Error(String(error));
  const code = (e as { code?: unknown }).code;
  parentPort?.postMessage({ type: 'error', build, name: e.name, message: e.message, ...(typeof code === 'string' ? { code } : {}) });
}

parentPort?.on('message', (request: Request) => {
  const { build } = request;
  try {
    if (request.type === 'discard') {
      symbols = [];
      return;
    }
    if (request.type === 'prepare') {
      symbols = [];
      const { schema, lenient, warnings } = buildSchemaFromSdl(request.sdl, { maxBytes: request.maxBytes });
      symbols = extractSymbols(schema);
      parentPort?.postMessage({ type: 'prepared', build, texts: symbols.map((s) => s.embeddingText), lenient, warnings });
      return;
    }
    const { vectors, dimensions = 0 } = request;
    const all = vectors ? new Int8Array(vectors) : undefined;
    const split = all && dimensions > 0 ? symbols.map((_, i) => all.subarray(i * dimensions, (i + 1) * dimensions)) : undefined;
    const parts = serializeSearchIndex(buildSearchIndex(symbols, split));
    symbols = [];
    // Copied, not transferred: small Buffers share Node's pool, which cannot be transferred.
    parentPort?.postMessage({ type: 'assembled', build, parts });
  } catch (error) {
    symbols = [];
    fail(build, error);
  }
});
