/**
 * Writes a small ONNX model (a ModelProto in protobuf wire format) from a
 * graph of nodes, constant tensors and typed inputs and outputs: the few
 * messages and fields of onnx.proto (https://github.com/onnx/onnx, onnx/onnx.proto)
 * that a lookup-table model needs. The output is checked by loading it into
 * onnxruntime (the transformers provider's spec); field numbers are onnx.proto's.
 */

/** ONNX TensorProto.DataType values used here. */
export const OnnxType = { Float: 1, Int8: 3, Int64: 7 } as const;
export type OnnxType = (typeof OnnxType)[keyof typeof OnnxType];

export interface OnnxTensor {
  name: string;
  type: OnnxType;
  dims: readonly number[];
  /** Little-endian values, as TensorProto.raw_data. */
  raw: Uint8Array;
}

export interface OnnxValueInfo {
  name: string;
  type: OnnxType;
  /** A number for a fixed size, a string for a named dynamic one (`batch`). */
  shape: readonly (number | string)[];
}

export interface OnnxNode {
  op: string;
  inputs: readonly string[];
  outputs: readonly string[];
  /** Integer attributes (`to` of Cast, `axis` of Gather). */
  ints?: Readonly<Record<string, number>>;
}

export interface OnnxGraph {
  name: string;
  nodes: readonly OnnxNode[];
  initializers: readonly OnnxTensor[];
  inputs: readonly OnnxValueInfo[];
  outputs: readonly OnnxValueInfo[];
  /** Version of the default operator set. */
  opset: number;
  producer: string;
}

const IR_VERSION = 8;
const ATTRIBUTE_INT = 2;

/** Protobuf wire format: a message is a list of tagged fields. */
class Message {
  private readonly parts: Uint8Array[] = [];

  varint(field: number, value: number): this {
    this.parts.push(encodeVarint(field * 8), encodeVarint(value));
    return this;
  }

  bytes(field: number, value: Uint8Array): this {
    this.parts.push(encodeVarint(field * 8 + 2), encodeVarint(value.length), value);
    return this;
  }

  string(field: number, value: string): this {
    return this.bytes(field, new TextEncoder().encode(value));
  }

  message(field: number, value: Message): this {
    return this.bytes(field, value.finish());
  }

  finish(): Uint8Array {
    const out = new Uint8Array(this.parts.reduce((n, p) => n + p.length, 0));
    let at = 0;
    for (const part of this.parts) {
      out.set(part, at);
      at += part.length;
    }
    return out;
  }
}

/** Base-128 varint of a non-negative integer (or a negative int64 as ten bytes). */
function encodeVarint(value: number): Uint8Array {
  if (!Number.isSafeInteger(value)) throw new RangeError(`not an integer: ${value}`);
  let v = BigInt.asUintN(64, BigInt(value));
  const bytes: number[] = [];
  do {
    const low = Number(v & 0x7fn);
    v >>= 7n;
    bytes.push(v === 0n ? low : low | 0x80);
  } while (v !== 0n);
  return Uint8Array.from(bytes);
}

function tensor(t: OnnxTensor): Message {
  const m = new Message();
  for (const d of t.dims) m.varint(1, d);
  return m.varint(2, t.type).string(8, t.name).bytes(9, t.raw);
}

function valueInfo(v: OnnxValueInfo): Message {
  const shape = new Message();
  for (const d of v.shape) shape.message(1, typeof d === 'number' ? new Message().varint(1, d) : new Message().string(2, d));
  const tensorType = new Message().varint(1, v.type).message(2, shape);
  return new Message().string(1, v.name).message(2, new Message().message(1, tensorType));
}

function node(n: OnnxNode, index: number): Message {
  const m = new Message();
  for (const input of n.inputs) m.string(1, input);
  for (const output of n.outputs) m.string(2, output);
  m.string(3, `${n.op.toLowerCase()}_${index}`).string(4, n.op);
  for (const [name, value] of Object.entries(n.ints ?? {})) {
    m.message(5, new Message().string(1, name).varint(3, value).varint(20, ATTRIBUTE_INT));
  }
  return m;
}

/** The model file's bytes. */
export function writeOnnxModel(g: OnnxGraph): Uint8Array {
  const graph = new Message();
  g.nodes.forEach((n, i) => {
    graph.message(1, node(n, i));
  });
  graph.string(2, g.name);
  for (const t of g.initializers) graph.message(5, tensor(t));
  for (const v of g.inputs) graph.message(11, valueInfo(v));
  for (const v of g.outputs) graph.message(12, valueInfo(v));
  return new Message().varint(1, IR_VERSION).string(2, g.producer).message(7, graph).message(8, new Message().string(1, '').varint(2, g.opset)).finish();
}
