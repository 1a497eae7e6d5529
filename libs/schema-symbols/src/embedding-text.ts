/**
 * Embedding texts: short (at most ~25 words), identifiers split into words,
 * the parent and the type named, then the first sentence of the description,
 * e.g. `employee details: Details. Details of the employee.` The embedding
 * model is slow on long texts, so nothing else goes in.
 */
import { firstSentence, identifierWords, limitWords, typeNameWords } from './symbol-text.js';

/** Field or input field: `<parent words> <field words>: <Type Words>. <first sentence>` */
export function memberEmbeddingText(parent: string, name: string, typeName: string, description?: string): string {
  return limitWords([words(parent), `${words(name)}:`, `${typeNameWords(typeName)}.`, firstSentence(description)]);
}

/**
 * Named type: `<name words> (<kind>). <first sentence>`; `members` (field,
 * value or member names) fill the text when there is no description.
 */
export function typeEmbeddingText(name: string, kind: string, description: string | undefined, members: readonly string[]): string {
  const sentence = firstSentence(description);
  const listed = sentence === '' && members.length > 0 ? `${members.slice(0, 12).map(identifierWords).join(', ')}.` : '';
  return limitWords([`${words(name)} (${kind}).`, sentence, listed]);
}

/** Path: `path to <type words>: <field words of the shortest path>`. */
export function pathEmbeddingText(typeName: string, paths: readonly string[]): string {
  const first = paths[0] ?? '';
  const fields = [...first.matchAll(/\.(\w+)|\.\.\. on (\w+)/g)].map((match) => identifierWords(match[1] ?? match[2] ?? ''));
  return limitWords([`path to ${words(typeName)}:`, fields.join(' ')]);
}

/** Identifier words, or the identifier itself when it has no letters or digits (`_`). */
function words(identifier: string): string {
  return identifierWords(identifier) || identifier;
}
