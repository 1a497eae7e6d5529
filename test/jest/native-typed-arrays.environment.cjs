/**
 * A jest environment for tests that hand typed arrays to native addons (onnxruntime-node, which
 * transformers.js runs on): jest runs each test file in its own realm, whose Float32Array is not
 * the one the addon checks with `instanceof` ("A float32 tensor's data must be type of function
 * Float32Array()"). This environment gives the test realm the process's own typed-array and
 * ArrayBuffer constructors; nothing else changes. Use with a docblock at the top of a spec:
 *   @jest-environment ./test/jest/native-typed-arrays.environment.cjs
 */
const { TestEnvironment } = require('jest-environment-node');

const SHARED = [
  'ArrayBuffer',
  'SharedArrayBuffer',
  'DataView',
  'Int8Array',
  'Uint8Array',
  'Uint8ClampedArray',
  'Int16Array',
  'Uint16Array',
  'Int32Array',
  'Uint32Array',
  'Float32Array',
  'Float64Array',
  'BigInt64Array',
  'BigUint64Array',
];

class NativeTypedArraysEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of SHARED) this.global[name] = globalThis[name];
  }
}

module.exports = NativeTypedArraysEnvironment;
