/**
 * What a prompt asks for that the schema has no word for: content words in
 * the position of a requested attribute ("the salary of", "their salary,")
 * that match no type, field, argument or enum value name and no word of any
 * description. Each becomes an `unsatisfied` reason naming the word.
 */
import { isEnumType, isInputObjectType, isInterfaceType, isObjectType, type GraphQLSchema } from 'graphql';
import { nameStems, splitWords, stem, contentWords } from './prompt-words.js';

const vocabularies = new WeakMap<GraphQLSchema, Set<string>>();

/** Stems of every name and description word of `schema` (cached). */
export function schemaVocabulary(schema: GraphQLSchema): Set<string> {
  let vocabulary = vocabularies.get(schema);
  if (vocabulary) return vocabulary;
  vocabulary = new Set();
  const addText = (text: string | null | undefined): void => {
    if (!text) return;
    for (const word of splitWords(text)) vocabulary?.add(stem(word));
  };
  // Names as one word too, as a prompt may type them (`totalCount` -> totalcount; issue 23, finding 16).
  const addName = (name: string): void => {
    vocabulary?.add(name.toLowerCase());
    for (const part of nameStems(name)) vocabulary?.add(part);
  };
  for (const type of Object.values(schema.getTypeMap())) {
    addName(type.name);
    addText(type.description);
    if (isObjectType(type) || isInterfaceType(type) || isInputObjectType(type)) {
      for (const field of Object.values(type.getFields())) {
        addName(field.name);
        addText(field.description);
        for (const arg of 'args' in field ? field.args : []) addName(arg.name);
      }
    }
    if (isEnumType(type)) for (const value of type.getValues()) addName(value.name);
  }
  vocabularies.set(schema, vocabulary);
  return vocabulary;
}

/**
 * Words that never name an attribute, whatever their position: comparisons, quantities and order
 * ("fewer than", "top 3", "most recent"), function words and verbs of asking the stop words of
 * prompt-words.ts leave in.
 */
const NOT_ATTRIBUTE = new Set(
  (
    'fewer fewest least less lesser more most greater greatest higher highest lower lowest larger largest bigger biggest smaller ' +
    'smallest longer longest shorter shortest over under above below exceeding exceeds exceed beyond without within except ' +
    'top bottom only just exactly least approximately around about roughly nearly almost also each every either neither ' +
    'whichever whatever whoever however another others else such same than then thus hence therefore which what whose ' +
    'they them their theirs those these this that there here where when while whilst upon onto into unto toward towards ' +
    'across along among amongst behind beside besides despite during inside outside since until via versus like unlike ' +
    'first last next previous earliest latest newest oldest recent most ascending descending ascend descend sorted sort ' +
    'ordered order ranked rank show list give tell find fetch return please could would should shall might must want need ' +
    'many much several single plus minus times zero none nothing something anything everything someone anyone everyone'
  ).split(' '),
);

const BEFORE_ATTRIBUTE = new Set(['the', 'their', 'its', 'his', 'her', 'and', 'with', 'plus', 'our', 'whose', 'by']);
const AFTER_ATTRIBUTE = new Set(['of', 'and', 'for', 'per']);

/** Reasons for the attribute-like words of `prompt` the schema has no name for (at most three). */
export function missingWords(schema: GraphQLSchema, prompt: string): string[] {
  const vocabulary = schemaVocabulary(schema);
  const lower = prompt.toLowerCase();
  const tokens = lower.split(/[^a-z0-9_]+/).filter((token) => token !== '');
  const written = prompt.split(/[^A-Za-z0-9_]+/).filter((token) => token !== '');
  const reasons: string[] = [];
  const seen = new Set<string>();
  for (const word of contentWords(prompt)) {
    if (word.word.length < 4 || vocabulary.has(word.stem) || vocabulary.has(word.word) || seen.has(word.stem) || NOT_ATTRIBUTE.has(word.word)) continue;
    // A name typed as the schema writes it (`totalCount`, `created_at`): every part is a schema word.
    const asWritten = written[word.position] ?? '';
    if (/[a-z][A-Z]|_/.test(asWritten) && nameStems(asWritten).every((part) => vocabulary.has(part))) continue;
    const previous = tokens[word.position - 1] ?? '';
    const next = tokens[word.position + 1] ?? '';
    const listed = new RegExp(`\\b${word.word}\\s*,`).test(lower);
    if (!BEFORE_ATTRIBUTE.has(previous) && !AFTER_ATTRIBUTE.has(next) && !listed) continue;
    seen.add(word.stem);
    reasons.push(`The schema has no field for "${word.word}".`);
    if (reasons.length === 3) break;
  }
  return reasons;
}
