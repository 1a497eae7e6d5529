/**
 * The distilled token table's file format (little-endian):
 *   8 bytes  magic `USESTAT1`
 *   uint32   vocabulary size V
 *   uint32   dimensions D
 *   float32  V row scales
 *   int8     V × D rows (row i ≈ int8 row × scale i)
 * Row i is USE-Lite's vector for token id i alone. About 4 MB for V=8000, D=512.
 */
import { EmbeddingError, EmbeddingErrorCode } from '../embedding.errors.js';

const MAGIC = 'USESTAT1';
const HEADER_BYTES = 16;

export interface StaticTable {
  vocabularySize: number;
  dimensions: number;
  /** V × D floats, row-major (dequantized). */
  rows: Float32Array;
}

/** Encodes float rows into the file format, one int8 scale per row. */
export function encodeStaticTable(table: StaticTable): Uint8Array {
  const { vocabularySize: v, dimensions: d, rows } = table;
  if (rows.length !== v * d) {
    throw new EmbeddingError(EmbeddingErrorCode.InvalidInput, `table has ${rows.length} values, expected ${v} × ${d}`);
  }
  const bytes = new Uint8Array(HEADER_BYTES + v * 4 + v * d);
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < MAGIC.length; i++) bytes[i] = MAGIC.charCodeAt(i);
  view.setUint32(8, v, true);
  view.setUint32(12, d, true);
  const quantized = new Int8Array(bytes.buffer, HEADER_BYTES + v * 4, v * d);
  for (let row = 0; row < v; row++) {
    let max = 0;
    for (let j = 0; j < d; j++) max = Math.max(max, Math.abs(rows[row * d + j] as number));
    const scale = max === 0 ? 1 : max / 127;
    view.setFloat32(HEADER_BYTES + row * 4, scale, true);
    for (let j = 0; j < d; j++) quantized[row * d + j] = Math.round((rows[row * d + j] as number) / scale);
  }
  return bytes;
}

/** The stored form: one float scale per row and the int8 rows (views into the file's bytes). */
export interface QuantizedStaticTable {
  vocabularySize: number;
  dimensions: number;
  scales: Float32Array;
  rows: Int8Array;
}

/** Reads the file format without dequantizing; throws `invalid_input` for a file that is not a table. */
export function readQuantizedStaticTable(bytes: Uint8Array): QuantizedStaticTable {
  const bad = (why: string): EmbeddingError => new EmbeddingError(EmbeddingErrorCode.InvalidInput, `not a static embedding table: ${why}`);
  if (bytes.length < HEADER_BYTES) throw bad('file too short');
  const magic = String.fromCharCode(...bytes.subarray(0, MAGIC.length));
  if (magic !== MAGIC) throw bad(`magic is ${JSON.stringify(magic)}, expected ${MAGIC}`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const v = view.getUint32(8, true);
  const d = view.getUint32(12, true);
  const expected = HEADER_BYTES + v * 4 + v * d;
  if (bytes.length !== expected) throw bad(`size is ${bytes.length} bytes, expected ${expected} for ${v} × ${d}`);
  const scales = new Float32Array(v);
  for (let row = 0; row < v; row++) scales[row] = view.getFloat32(HEADER_BYTES + row * 4, true);
  const rows = new Int8Array(bytes.buffer, bytes.byteOffset + HEADER_BYTES + v * 4, v * d);
  return { vocabularySize: v, dimensions: d, scales, rows };
}

/** Decodes the file format; throws `invalid_input` for a file that is not a table. */
export function decodeStaticTable(bytes: Uint8Array): StaticTable {
  const { vocabularySize: v, dimensions: d, scales, rows: quantized } = readQuantizedStaticTable(bytes);
  const rows = new Float32Array(v * d);
  for (let row = 0; row < v; row++) {
    const scale = scales[row] as number;
    for (let j = 0; j < d; j++) rows[row * d + j] = (quantized[row * d + j] as number) * scale;
  }
  return { vocabularySize: v, dimensions: d, rows };
}
