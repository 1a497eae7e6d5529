/**
 * The static table as a transformers.js model folder: what the `transformers`
 * provider loads when no EMBEDDINGS_MODEL_PATH is set (data/use-lite-static-onnx).
 * The ONNX graph looks each token up in the table: its int8 row (Gather, Cast)
 * times the row's scale and the token's SIF weight (Gather, Mul), as the
 * `last_hidden_state` of a feature-extraction model. transformers.js then
 * pools (mean over the attention mask) and normalizes, so the vector is the
 * static provider's SIF-weighted mean. The tokenizer is USE-Lite's SentencePiece
 * vocabulary as a Hugging Face `tokenizer.json` (Unigram, NFKC, `▁` for spaces).
 */
import type { Vocabulary } from '../sentencepiece.tokenizer.js';
import { OnnxType, writeOnnxModel } from './onnx-model-writer.js';
import { sifWeights } from './static.provider.js';
import { readQuantizedStaticTable } from './static-table.js';

/** The folder's files, by path inside it. */
export type ModelFolderFiles = Record<string, Uint8Array | string>;

const SPACE = '\u2581';
/** Pieces of USE-Lite that are not text: `�` (unknown), `<s>`, `</s>`. */
const UNKNOWN_ID = 0;
const PAD_PIECE = '</s>';
/** No truncation: the static provider reads whole texts, and a table lookup has no position limit. */
const MAX_LENGTH = 1_000_000;

/** Files of the model folder for a static table (its file bytes), its vocabulary and SIF parameter. */
export function exportStaticOnnx(tableBytes: Uint8Array, vocabulary: Vocabulary, sifA: number): ModelFolderFiles {
  const table = readQuantizedStaticTable(tableBytes);
  const { vocabularySize: v, dimensions: d } = table;
  const weights = sifWeights(vocabulary, sifA);
  const scales = new Float32Array(v);
  for (let i = 0; i < v; i++) scales[i] = (table.scales[i] as number) * (weights[i] as number);
  const model = writeOnnxModel({
    name: 'use-lite-static',
    producer: '@discovery/embeddings static-onnx-export',
    opset: 17,
    inputs: [{ name: 'input_ids', type: OnnxType.Int64, shape: ['batch', 'sequence'] }],
    outputs: [{ name: 'last_hidden_state', type: OnnxType.Float, shape: ['batch', 'sequence', d] }],
    initializers: [
      { name: 'rows', type: OnnxType.Int8, dims: [v, d], raw: new Uint8Array(table.rows.buffer, table.rows.byteOffset, table.rows.byteLength) },
      { name: 'scales', type: OnnxType.Float, dims: [v, 1], raw: littleEndianFloats(scales) },
    ],
    nodes: [
      { op: 'Gather', inputs: ['rows', 'input_ids'], outputs: ['token_rows'] },
      { op: 'Cast', inputs: ['token_rows'], outputs: ['token_floats'], ints: { to: OnnxType.Float } },
      { op: 'Gather', inputs: ['scales', 'input_ids'], outputs: ['token_scales'] },
      { op: 'Mul', inputs: ['token_floats', 'token_scales'], outputs: ['last_hidden_state'] },
    ],
  });
  const json = (value: unknown): string => `${JSON.stringify(value, null, 1)}\n`;
  return {
    'config.json': json({ model_type: 'bert', architectures: ['BertModel'], hidden_size: d, vocab_size: v, max_position_embeddings: MAX_LENGTH }),
    'tokenizer_config.json': json({
      tokenizer_class: 'PreTrainedTokenizerFast',
      model_max_length: MAX_LENGTH,
      unk_token: vocabulary[UNKNOWN_ID]?.[0],
      pad_token: PAD_PIECE,
      clean_up_tokenization_spaces: false,
    }),
    'tokenizer.json': JSON.stringify(tokenizerJson(vocabulary)),
    'onnx/model.onnx': model,
  };
}

function littleEndianFloats(values: Float32Array): Uint8Array {
  const out = new Uint8Array(values.length * 4);
  const view = new DataView(out.buffer);
  values.forEach((x, i) => {
    view.setFloat32(i * 4, x, true);
  });
  return out;
}

/** USE-Lite's tokenization (sentencepiece.tokenizer.ts) in the Hugging Face tokenizers format. */
function tokenizerJson(vocabulary: Vocabulary): unknown {
  const metaspace = { replacement: SPACE, prepend_scheme: 'always', split: false };
  return {
    version: '1.0',
    truncation: null,
    padding: null,
    added_tokens: [],
    normalizer: { type: 'NFKC' },
    pre_tokenizer: { type: 'Metaspace', ...metaspace },
    post_processor: null,
    decoder: { type: 'Metaspace', ...metaspace },
    model: { type: 'Unigram', unk_id: UNKNOWN_ID, byte_fallback: false, vocab: vocabulary.map(([piece, score]) => [piece, score ?? 0]) },
  };
}
