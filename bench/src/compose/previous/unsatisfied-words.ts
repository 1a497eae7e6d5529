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
  for (const type of Object.values(schema.getTypeMap())) {
    for (const part of nameStems(type.name)) vocabulary.add(part);
    addText(type.description);
    if (isObjectType(type) || isInterfaceType(type) || isInputObjectType(type)) {
      for (const field of Object.values(type.getFields())) {
        for (const part of nameStems(field.name)) vocabulary.add(part);
        addText(field.description);
        for (const arg of 'args' in field ? field.args : []) for (const part of nameStems(arg.name)) vocabulary.add(part);
      }
    }
    if (isEnumType(type)) for (const value of type.getValues()) for (const part of nameStems(value.name)) vocabulary.add(part);
  }
  vocabularies.set(schema, vocabulary);
  return vocabulary;
}

const BEFORE_ATTRIBUTE = new Set(['the', 'their', 'its', 'his', 'her', 'and', 'with', 'plus', 'our', 'whose', 'by']);
const AFTER_ATTRIBUTE = new Set(['of', 'and', 'for', 'per']);

/** Reasons for the attribute-like words of `prompt` the schema has no name for (at most three). */
export function missingWords(schema: GraphQLSchema, prompt: string): string[] {
  const vocabulary = schemaVocabulary(schema);
  const lower = prompt.toLowerCase();
  const tokens = lower.split(/[^a-z0-9_]+/).filter((token) => token !== '');
  const reasons: string[] = [];
  const seen = new Set<string>();
  for (const word of contentWords(prompt)) {
    if (word.word.length < 4 || vocabulary.has(word.stem) || seen.has(word.stem)) continue;
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
