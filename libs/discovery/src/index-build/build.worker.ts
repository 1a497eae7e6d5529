/**
 * The build worker thread: prepares symbols from the SDL, keeps them, and
 * assembles the serialized search index once the vectors arrive. A pooled
 * worker serves build after build, so its module code stays loaded and JIT-
 * compiled, and the content-keyed memos of the libraries it calls stay warm.
 * Imports only packages (no relative modules) so it also runs from its
 * TypeScript source.
 */
import { parentPort } from 'node:worker_threads';
import { buildSchemaFromSdl, checkSymbolEstimate, extractSymbols, SymbolMemo, type ElementLimits, type SchemaSymbol } from '@discovery/schema-symbols';
import { buildSearchIndex, writeIndexArtifact } from '@discovery/ranking';

type Request =
  | { type: 'prepare'; build: number; sdl: string; maxBytes: number; maxSymbols?: number; elements?: ElementLimits }
  | { type: 'assemble'; build: number; vectors?: ArrayBuffer; dimensions?: number }
  | { type: 'discard'; build: number };

/** The symbols of the build in progress; released as soon as it is assembled or discarded. */
let symbols: SchemaSymbol[] = [];

/**
 * Member and path symbols of this worker's builds (those whose AST was not repaired), by the text
 * of their definitions and the facts they use (bounded): a rebuild after a small change makes only
 * the symbols that changed, and their JSON and search terms are kept with them.
 */
const memo = new SymbolMemo();

function fail(build: number, error: unknown): void {
  const e = error instanceof Error ? error : new Error(String(error));
  const code = (e as { code?: unknown }).code;
  parentPort?.postMessage({ type: 'error', build, name: e.name, message: e.message, ...(typeof code === 'string' ? { code } : {}) });
}

/**
 * The memory of the parts that own it whole, to transfer instead of copy (megabytes for a large
 * schema). Small Buffers are slices of Node's shared pool: those are copied.
 */
function wholeBuffers(parts: Uint8Array[]): ArrayBuffer[] {
  const transfer = new Set<ArrayBuffer>();
  for (const bytes of parts) {
    const { buffer } = bytes;
    if (buffer instanceof ArrayBuffer && bytes.byteOffset === 0 && bytes.byteLength === buffer.byteLength) transfer.add(buffer);
  }
  return [...transfer];
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
      // A schema far over the symbol limit costs one linear scan, not a parse (issue 14).
      if (request.maxSymbols !== undefined) checkSymbolEstimate(request.sdl, request.maxSymbols);
      // Definition texts are the memo's keys; a repaired AST no longer says what its texts say.
      const built = buildSchemaFromSdl(request.sdl, {
        maxBytes: request.maxBytes,
        definitionTexts: true,
        ...(request.elements ? { elements: request.elements } : {}),
      });
      const { schema, lenient, warnings } = built;
      symbols = extractSymbols(schema, built.repaired ? {} : { memo });
      parentPort?.postMessage({ type: 'prepared', build, texts: symbols.map((s) => s.embeddingText), lenient, warnings });
      return;
    }
    const { vectors, dimensions = 0 } = request;
    const all = vectors ? new Int8Array(vectors) : undefined;
    const split = all && dimensions > 0 ? symbols.map((_, i) => all.subarray(i * dimensions, (i + 1) * dimensions)) : undefined;
    const parts = writeIndexArtifact(buildSearchIndex(symbols, split));
    symbols = [];
    parentPort?.postMessage({ type: 'assembled', build, parts }, wholeBuffers(Object.values(parts)));
  } catch (error) {
    symbols = [];
    fail(build, error);
  }
});
