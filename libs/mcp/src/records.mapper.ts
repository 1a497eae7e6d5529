/**
 * Decoding of what the discovery service returns into what docs/wire.md §2 promises agents:
 * JSON-encoded records and variable schemas become objects. A payload that is not a JSON object
 * is a service defect and fails the call (ToolFailureCode.Internal), never leaks as a string.
 */
import type { Resolution, SymbolHit } from '@discovery/proto';
import { ToolFailure, ToolFailureCode } from './mcp.errors.js';

export type JsonObject = Record<string, unknown>;

export interface SearchHitOutput {
  coordinate: string;
  score: number;
  record: JsonObject;
}

export interface SymbolOutput {
  coordinate: string;
  record: JsonObject;
}

export interface ResolvedQueryOutput {
  description: string;
  document: string;
  operationName: string;
  operationType: 'query' | 'mutation' | 'subscription';
  variablesSchema: JsonObject;
}

export interface ResolutionOutput {
  queries: ResolvedQueryOutput[];
  unsatisfied?: string[];
  truncated?: true;
}

const OPERATION_TYPES = new Set(['query', 'mutation', 'subscription']);

/** The schema of an operation without variables. */
export const EMPTY_VARIABLES_SCHEMA: Readonly<JsonObject> = Object.freeze({
  type: 'object',
  properties: {},
  additionalProperties: false,
});

/** Parses a JSON text that must hold an object; `what` names it in the error. */
export function decodeJsonObject(text: string, what: string): JsonObject {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new ToolFailure(ToolFailureCode.Internal, `The service returned an unreadable ${what}`, {
      cause: error,
    });
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ToolFailure(ToolFailureCode.Internal, `The service returned a ${what} that is not an object`);
  }
  return value as JsonObject;
}

export function toSearchHit(hit: SymbolHit): SearchHitOutput {
  return { coordinate: hit.coordinate, score: hit.score, record: decodeJsonObject(hit.payload, 'record') };
}

export function toSymbol(hit: SymbolHit): SymbolOutput {
  return { coordinate: hit.coordinate, record: decodeJsonObject(hit.payload, 'record') };
}

/** Maps a Resolution, leaving out `unsatisfied` and `truncated` when they carry nothing. */
export function toResolution(resolution: Resolution | undefined): ResolutionOutput {
  const queries = (resolution?.queries ?? []).map((query) => {
    if (!OPERATION_TYPES.has(query.operationType)) {
      throw new ToolFailure(ToolFailureCode.Internal, 'The service returned an unknown operation type');
    }
    return {
      description: query.description,
      document: query.document,
      operationName: query.operationName,
      operationType: query.operationType as ResolvedQueryOutput['operationType'],
      variablesSchema: query.variablesSchema.trim() ? decodeJsonObject(query.variablesSchema, 'variables schema') : { ...EMPTY_VARIABLES_SCHEMA },
    };
  });
  const output: ResolutionOutput = { queries };
  const unsatisfied = (resolution?.unsatisfied ?? []).map((u) => u.reason).filter((r) => r.trim());
  if (unsatisfied.length > 0) output.unsatisfied = unsatisfied;
  if (resolution?.truncated) output.truncated = true;
  return output;
}
