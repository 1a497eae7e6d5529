/**
 * The lookups a search index serves besides its postings (the schema's names, its write
 * vocabulary, its abbreviation tables), as the ranking reads them: built from the symbols
 * (name-lookup.ts, mutation-vocabulary.ts, abbreviations.ts) or read where they lie in the
 * compact artifact (search-index.artifact-reader.ts). Types only, so search-index.ts can name
 * them without importing the modules that build them.
 */

/** Name -> symbol positions (ascending), as the ranking reads it. */
export interface PositionLookup {
  get(key: string): readonly number[] | undefined;
}

export interface NameLookup {
  /** Member or type name, exact case -> symbol positions. */
  readonly exact: PositionLookup;
  /** The same, lower-cased. */
  readonly folded: PositionLookup;
  /** Argument name or enum value, exact case -> the fields taking it / the enums holding it. */
  readonly inner: PositionLookup;
  readonly innerFolded: PositionLookup;
  /** Positions of the symbols whose folded name starts with `prefix` (folded), at most `max` names. */
  withPrefix(prefix: string, max: number): number[];
}

/** A set of stems as the vocabulary reads it. */
export interface WordSet {
  has(word: string): boolean;
}

export interface Vocabulary {
  readonly mutationOnly: WordSet;
  readonly names: WordSet;
}

/** What expansions are read from: counts of a schema's type-name words and runs (the artifact stores them ready-made). */
export interface AbbreviationTables {
  /** Type-name word -> how many type names contain it. */
  readonly wordNames: { get(word: string): number | undefined };
  /** Initials -> the two words (space-joined) and how many type names open with them, in the order the names were read. */
  readonly runs: { get(initials: string): Iterable<[string, number]> | undefined };
  /** Type names of one word, lower-case (`shop` of `Shop`): such a word is the schema's own, not an abbreviation. */
  readonly wholeNames: { has(word: string): boolean };
  /** The words that may be clipped, sorted. */
  readonly sortedWords: readonly string[];
}
