/**
 * Generated answers are untrusted text: a model writes descriptions, documents, reasons and even
 * the strings of a variables schema's defaults. Every exit (the indexer's API, the bridge's tool,
 * the CLI, files) cleans them of terminal escapes, control and hidden characters with the same
 * stripHidden that cleans schema text (issue 23 finding 6, docs/reliability.md).
 */
import { stripHidden } from '@discovery/schema-symbols/text';
import type { GenerateJobResult, JsonSchema, Resolution } from './generate-job.js';

/** `resolution` with every string cleaned; reasons left blank by the cleaning are dropped. */
export function cleanResolution(resolution: Resolution): Resolution {
  return {
    ...resolution,
    queries: resolution.queries.map((query) => ({
      ...query,
      description: stripHidden(query.description),
      document: stripHidden(query.document),
      operationName: stripHidden(query.operationName),
      variablesSchema: cleanJson(query.variablesSchema) as JsonSchema,
    })),
    unsatisfied: resolution.unsatisfied.map(stripHidden).filter((reason) => reason.trim() !== ''),
  };
}

/** A job's result with every text an agent or a person will read cleaned. */
export function cleanJobResult(result: GenerateJobResult): GenerateJobResult {
  switch (result.status) {
    case 'resolved':
      return { ...result, resolution: cleanResolution(result.resolution) };
    case 'no_data':
      return { ...result, reason: stripHidden(result.reason) };
    case 'failed':
      return { ...result, message: stripHidden(result.message), ...(result.reason !== undefined ? { reason: stripHidden(result.reason) } : {}) };
  }
}

function cleanJson(value: unknown): unknown {
  if (typeof value === 'string') return stripHidden(value);
  if (Array.isArray(value)) return value.map(cleanJson);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([key, entry]) => [stripHidden(key), cleanJson(entry)]));
}
