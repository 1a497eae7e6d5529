/**
 * Version of the symbols and records this library produces. Stored with every
 * index: bump it whenever coordinates, records, embedding texts or the
 * reachability rules change, so indexes built by an older version turn stale.
 * 3: records are complete (every field, argument, value and member; whole
 * descriptions); search hits show them shortened (search-hit-record.ts).
 * 4: descriptions and string defaults lose zero-width, word-joiner and Unicode
 * tag characters too (hidden text a model reads; issue 14 item 9).
 */
export const SYMBOL_FORMAT_VERSION = '4';
