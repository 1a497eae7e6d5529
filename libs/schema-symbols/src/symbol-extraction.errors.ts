/**
 * SymbolExtractionError: the one error type this library throws, with a string
 * code the edges map (EnsureIndex build failure, generator job failure).
 * Messages name the problem and its place in the SDL, never the SDL itself.
 */

export const SymbolExtractionErrorCode = {
  /** The SDL is empty or only whitespace/comments. */
  Empty: 'EMPTY',
  /** The SDL is larger than the configured limit. */
  TooLarge: 'TOO_LARGE',
  /** The SDL cannot be parsed at all (the message names line and column). */
  Syntax: 'SYNTAX',
  /** The SDL parses but no usable schema can be built from it, even leniently. */
  Invalid: 'INVALID',
  /** The SDL has more symbols than the configured limit (the message names it). */
  TooManySymbols: 'TOO_MANY_SYMBOLS',
  /** A name is longer than the configured limit (MAX_NAME_LENGTH). */
  NameTooLong: 'NAME_TOO_LONG',
  /** A description is longer than the configured limit (MAX_DESCRIPTION_LENGTH). */
  DescriptionTooLong: 'DESCRIPTION_TOO_LONG',
  /** A default value (or an applied directive's argument) is larger than the configured limit (MAX_DEFAULT_VALUE_LENGTH). */
  ValueTooLarge: 'VALUE_TOO_LARGE',
} as const;

export type SymbolExtractionErrorCode = (typeof SymbolExtractionErrorCode)[keyof typeof SymbolExtractionErrorCode];

export class SymbolExtractionError extends Error {
  override name = 'SymbolExtractionError';
  readonly code: SymbolExtractionErrorCode;

  constructor(code: SymbolExtractionErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }

  static is(error: unknown, code?: SymbolExtractionErrorCode): error is SymbolExtractionError {
    return error instanceof SymbolExtractionError && (code === undefined || error.code === code);
  }
}
