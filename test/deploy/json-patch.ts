/**
 * RFC 6902 JSON Patch (add, remove, replace, test) over plain JSON values, as
 * kustomize applies `patches` entries written as operation lists. Strict: a
 * path that does not resolve, an unknown operation or a failed `test` throws.
 */

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

export interface PatchOperation {
  op: 'add' | 'remove' | 'replace' | 'test';
  path: string;
  value?: JsonValue;
}

/** Splits a JSON Pointer (RFC 6901) into unescaped tokens. */
export function parsePointer(pointer: string): string[] {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) throw new Error(`JSON pointer must start with "/": ${pointer}`);
  return pointer
    .slice(1)
    .split('/')
    .map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function isObject(value: JsonValue | undefined): value is { [key: string]: JsonValue } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function arrayIndex(token: string, length: number, allowEnd: boolean, pointer: string): number {
  if (allowEnd && token === '-') return length;
  if (!/^(0|[1-9][0-9]*)$/.test(token)) throw new Error(`invalid array index "${token}" in ${pointer}`);
  const index = Number(token);
  if (index > length || (!allowEnd && index === length)) throw new Error(`array index ${index} out of range in ${pointer}`);
  return index;
}

/** Returns the container of the pointer's last token and that token. */
function resolveParent(document: JsonValue, pointer: string): { parent: JsonValue; key: string } {
  const tokens = parsePointer(pointer);
  const key = tokens.pop();
  if (key === undefined) throw new Error('patching the document root is not supported');
  let current: JsonValue = document;
  for (const token of tokens) {
    let next: JsonValue | undefined;
    if (Array.isArray(current)) next = current[arrayIndex(token, current.length, false, pointer)];
    else if (isObject(current)) next = current[token];
    if (next === undefined) throw new Error(`path ${pointer} does not exist (at "${token}")`);
    current = next;
  }
  return { parent: current, key };
}

function requireValue(operation: PatchOperation): JsonValue {
  if (operation.value === undefined) throw new Error(`"${operation.op}" at ${operation.path} needs a value`);
  return operation.value;
}

function applyOne(document: JsonValue, operation: PatchOperation): void {
  const { parent, key } = resolveParent(document, operation.path);
  const where = operation.path;
  if (Array.isArray(parent)) {
    if (operation.op === 'add') {
      parent.splice(arrayIndex(key, parent.length, true, where), 0, structuredClone(requireValue(operation)));
      return;
    }
    const index = arrayIndex(key, parent.length, false, where);
    if (operation.op === 'remove') parent.splice(index, 1);
    else if (operation.op === 'replace') parent[index] = structuredClone(requireValue(operation));
    else if (JSON.stringify(parent[index]) !== JSON.stringify(requireValue(operation))) throw new Error(`test failed at ${where}`);
    return;
  }
  if (!isObject(parent)) throw new Error(`path ${where} does not point into an object or array`);
  const exists = Object.hasOwn(parent, key);
  if (operation.op !== 'add' && !exists) throw new Error(`path ${where} does not exist`);
  if (operation.op === 'remove') delete parent[key];
  else if (operation.op === 'add' || operation.op === 'replace') parent[key] = structuredClone(requireValue(operation));
  else if (JSON.stringify(parent[key]) !== JSON.stringify(requireValue(operation))) throw new Error(`test failed at ${where}`);
}

/** Checks that `operations` is a list of supported JSON Patch operations. */
export function parsePatch(operations: unknown, source: string): PatchOperation[] {
  if (!Array.isArray(operations)) throw new Error(`${source}: a JSON patch must be a list of operations`);
  return operations.map((raw: unknown, i) => {
    if (!raw || typeof raw !== 'object') throw new Error(`${source}: operation ${i} is not an object`);
    const { op, path, value, ...rest } = raw as Record<string, unknown>;
    if (op !== 'add' && op !== 'remove' && op !== 'replace' && op !== 'test') {
      throw new Error(`${source}: operation ${i}: unsupported op ${JSON.stringify(op)} (add, remove, replace, test)`);
    }
    if (typeof path !== 'string') throw new Error(`${source}: operation ${i}: path must be a string`);
    if (Object.keys(rest).length > 0) throw new Error(`${source}: operation ${i}: unknown keys ${Object.keys(rest).join(', ')}`);
    return value === undefined ? { op, path } : { op, path, value: value as JsonValue };
  });
}

/** Applies operations in order to `document` (mutated in place). */
export function applyPatch(document: JsonValue, operations: PatchOperation[]): void {
  for (const operation of operations) applyOne(document, operation);
}
