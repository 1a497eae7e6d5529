export {
  ROOT_OPERATIONS,
  type RootOperation,
  type SchemaSymbol,
  SYMBOL_KINDS,
  type SymbolArgument,
  type SymbolKind,
  type SymbolRecord,
  TYPE_SYMBOL_KINDS,
} from './schema-symbol.js';
export { SYMBOL_FORMAT_VERSION } from './symbol-format.js';
export { SymbolExtractionError, SymbolExtractionErrorCode } from './symbol-extraction.errors.js';
export {
  buildSchemaFromSdl,
  DEFAULT_MAX_SDL_BYTES,
  type BuildSchemaFromSdlOptions,
  type BuiltSchema,
} from './build-schema-from-sdl.js';
export { extractSymbols, kindOfType, type ExtractSymbolsOptions } from './extract-symbols.js';
export { SymbolMemo, SYMBOL_MEMO_CHARS } from './symbol-memo.js';
export { searchHitRecord, HIT_ENUM_VALUE_DESCRIPTION_CHARS, HIT_LIST_BYTES } from './search-hit-record.js';
export { isConnectionType, isPaginatedField } from './pagination.js';
export { splitIdentifier, identifierWords, cleanDescription, stripHidden } from './symbol-text.js';
export { TextMemo, detach } from './text-memo.js';
export { estimateSymbols, checkSymbolEstimate } from './symbol-estimate.js';
export { defaultLiteral } from './default-literal.js';
export { rootOperationOf, resolveRootName, rootSpellingHint, rootTypeNames } from './root-names.js';
export { sdlFromIntrospection } from './introspection-sdl.js';
export { checkElementLimits, type ElementLimits } from './element-limits.js';
