/**
 * Finds the schema names a query mentions as names: a coordinate
 * (`Mutation.closeIssue`, `field:Order.email`, `Query.repository(owner:)`,
 * `input_field:X.y`) or an identifier written as code (`refundCreate`,
 * `created_at`, `PullRequestReviewThread`). A query that is one such token is a
 * lookup: every name it equals counts, even a plain word (`email`). Plain words
 * inside a sentence (`history`, `state`) are words, not names, and stay with
 * the word ranking.
 */
import { SYMBOL_KINDS } from '@discovery/schema-symbols';

export interface NameMention {
  /** `kind` prefix when written (`field`, `object`, ...). */
  kind?: string;
  /** The first identifier: a type name for `Type.member`, else the name itself. */
  head: string;
  /** The member of `Type.member`. */
  member?: string;
  /** The argument of `Type.field(arg:)`. */
  argument?: string;
}

export interface QueryMentions {
  /** The whole query is one name or coordinate. */
  lookup: boolean;
  mentions: NameMention[];
  /**
   * Lower-case words of a sentence long enough to be a compound name typed without its case
   * (`pullrequest`, `refundcreate`): they count when they fold to a name of several words.
   */
  folded?: string[];
}

/** Shortest lower-case word that may be a compound name typed without its case. */
const MIN_FOLDED_COMPOUND = 8;

const KINDS = SYMBOL_KINDS.join('|');
const COORDINATE = new RegExp(`^(?:(${KINDS}):)?([A-Za-z_][A-Za-z0-9_]*)(?:\\.([A-Za-z_][A-Za-z0-9_]*))?(?:\\(([A-Za-z_][A-Za-z0-9_]*):?\\))?$`);
/** Quotes, backticks and sentence punctuation around a token (a trailing `.` ends a sentence). */
const EDGE = /^[`'"“”‘’([{<]+|[`'"“”‘’)\]}>,;!?.:]+$/g;
/** An identifier written as code: a case change inside it, an underscore, or letters and digits mixed. */
const CODE_LIKE = /[a-z][A-Z]|[A-Z]{2}[a-z]|_|[A-Za-z]\d|\d[A-Za-z]/;
/** Plural acronyms (`IDs`, `URLs`) are words of a sentence, not code. */
const PLURAL_ACRONYM = /^[A-Z]{2,}s$/;

/** Strips quotes and punctuation around a token, but keeps the closing `)` of `field(arg:)`. */
function trimToken(raw: string): string {
  const keepsCall = /\([A-Za-z_][A-Za-z0-9_]*:?\)[`'",;!?.]*$/.test(raw);
  const trimmed = raw.replace(EDGE, '');
  return keepsCall && !trimmed.endsWith(')') ? `${trimmed})` : trimmed;
}

function parse(token: string): NameMention | undefined {
  const m = COORDINATE.exec(token);
  if (m === null) return undefined;
  const mention: NameMention = { head: m[2]! };
  if (m[1] !== undefined) mention.kind = m[1];
  if (m[3] !== undefined) mention.member = m[3];
  if (m[4] !== undefined) mention.argument = m[4];
  return mention;
}

/** The names a query mentions (see the file comment). */
export function findMentions(query: string): QueryMentions {
  const tokens = query
    .trim()
    .split(/\s+/)
    .map(trimToken)
    .filter((t) => t.length > 0);
  if (tokens.length === 1) {
    const only = parse(tokens[0]!);
    return only === undefined ? { lookup: false, mentions: [] } : { lookup: true, mentions: [only] };
  }
  const mentions: NameMention[] = [];
  const folded: string[] = [];
  for (const token of tokens) {
    const mention = parse(token);
    if (mention === undefined) continue;
    const written = mention.kind !== undefined || mention.member !== undefined || mention.argument !== undefined;
    if (written || (CODE_LIKE.test(mention.head) && !PLURAL_ACRONYM.test(mention.head))) mentions.push(mention);
    else if (/^[a-z]+$/.test(mention.head) && mention.head.length >= MIN_FOLDED_COMPOUND) folded.push(mention.head);
  }
  return folded.length > 0 ? { lookup: false, mentions, folded } : { lookup: false, mentions };
}
