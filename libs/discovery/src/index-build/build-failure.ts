/**
 * A failed build in parts (BuildFailureParts), from the error that ended it: the schema's own
 * fault (it will fail again: the agent's text is "The request is not valid."), a configured cap
 * named by its variable (the operator's call), or anything else (retried). A syntax error's
 * place comes from its message, which @discovery/schema-symbols writes as `at line L, column C`.
 */
import { SymbolExtractionError, SymbolExtractionErrorCode } from '@discovery/schema-symbols';
import type { BuildFailureParts } from '@discovery/storage';
import { IndexLimitError } from './index-limits.js';

const PLACE = /\bat line (\d+), column (\d+)\b/;

export function describeBuildFailure(error: unknown): BuildFailureParts {
  if (error instanceof IndexLimitError) return { kind: 'limit', limit: error.limit };
  if (error instanceof SymbolExtractionError) {
    if (error.code === SymbolExtractionErrorCode.TooLarge) return { kind: 'limit', limit: 'MAX_SDL_BYTES' };
    if (error.code === SymbolExtractionErrorCode.TooManySymbols) return { kind: 'limit', limit: 'MAX_INDEX_SYMBOLS' };
    if (error.code === SymbolExtractionErrorCode.NameTooLong) return { kind: 'limit', limit: 'MAX_NAME_LENGTH' };
    if (error.code === SymbolExtractionErrorCode.DescriptionTooLong) return { kind: 'limit', limit: 'MAX_DESCRIPTION_LENGTH' };
    if (error.code === SymbolExtractionErrorCode.ValueTooLarge) return { kind: 'limit', limit: 'MAX_DEFAULT_VALUE_LENGTH' };
    const place = PLACE.exec(error.message);
    return place ? { kind: 'schema', line: Number(place[1]), column: Number(place[2]) } : { kind: 'schema' };
  }
  return { kind: 'internal' };
}
