/**
 * Symbol records as the service sends them (a JSON-encoded object per hit,
 * PascalCase keys, docs/wire.md §3) and the short summary the tables show.
 */
import { CliError, ExitCode } from './exit-codes.js';

export type SymbolRecord = Record<string, unknown>;

export function decodeRecord(payload: string, coordinate: string): SymbolRecord {
  try {
    const value: unknown = JSON.parse(payload);
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) return value as SymbolRecord;
  } catch {
    // Reported below with the coordinate.
  }
  throw new CliError(ExitCode.Error, `the service sent a record for ${coordinate} that is not a JSON object`);
}

/** The type (TypeRef, or Kind) and description of a record, empty when absent. */
export function recordSummary(record: SymbolRecord): { type: string; description: string } {
  const type = typeof record['TypeRef'] === 'string' ? record['TypeRef'] : typeof record['Kind'] === 'string' ? record['Kind'] : '';
  const description = typeof record['Description'] === 'string' ? record['Description'] : '';
  return { type, description };
}
