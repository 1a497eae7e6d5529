/**
 * Words in capitals ("HEAD", "CHF", "CREDIT", "SUMMER25"): values or names? The schema decides
 * (docs/composer.md "Values in capitals"). The whole name of a field or type ("URL", "ID", "SKU")
 * is that name, no value, unless the word right after it names one of the schema's object types
 * ("the HEAD commit": the commit the value picks). Otherwise a word in capitals is a value when it
 * is one of the schema's enum values (`PENDING_FULFILLMENT`, `CHF`) or when the schema has no word
 * for it (a code: "SUMMER25").
 */
import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isListType,
  isNonNullType,
  isObjectType,
  isUnionType,
  type GraphQLField,
  type GraphQLSchema,
} from 'graphql';
import type { PromptLiteral } from './prompt-literals.js';
import { stem } from './prompt-words.js';
import { schemaVocabulary } from './unsatisfied-words.js';

interface CapitalFacts {
  enumValues: Set<string>;
  /** Lower-case whole names of the schema's types, fields and arguments (`url`, `id`, `sku`). */
  names: Set<string>;
  /** The last two to four letters of those names (`id` of `stuid`). */
  nameEnds: Set<string>;
  /** Lower-case object type name -> the names of that type, its interfaces and the unions holding it. */
  typesByWord: Map<string, Set<string>>;
}

const cache = new WeakMap<GraphQLSchema, CapitalFacts>();

function capitalFacts(schema: GraphQLSchema): CapitalFacts {
  let facts = cache.get(schema);
  if (facts) return facts;
  const enumValues = new Set<string>();
  const names = new Set<string>();
  const typesByWord = new Map<string, Set<string>>();
  const types = Object.values(schema.getTypeMap()).filter((type) => !type.name.startsWith('__'));
  for (const type of types) {
    if (isEnumType(type)) for (const value of type.getValues()) if (!value.deprecationReason) enumValues.add(value.name);
    names.add(type.name.toLowerCase());
    if (isObjectType(type) || isInterfaceType(type) || isInputObjectType(type)) {
      for (const field of Object.values(type.getFields())) {
        names.add(field.name.toLowerCase());
        for (const arg of 'args' in field ? field.args : []) names.add(arg.name.toLowerCase());
      }
    }
    if (isObjectType(type)) typesByWord.set(type.name.toLowerCase(), new Set([type.name, ...type.getInterfaces().map((i) => i.name)]));
  }
  for (const type of types) {
    if (!isUnionType(type)) continue;
    for (const member of type.getTypes()) typesByWord.get(member.name.toLowerCase())?.add(type.name);
  }
  const nameEnds = new Set<string>();
  for (const name of names) {
    for (let size = 2; size <= 4 && size < name.length; size += 1) {
      nameEnds.add(name.slice(-size));
    }
  }
  facts = { enumValues, names, nameEnds, typesByWord };
  cache.set(schema, facts);
  return facts;
}

/** The singular of the word after a literal (`commits` -> commit). */
function nextNoun(literal: PromptLiteral): string {
  const word = literal.next ?? '';
  if (/[^aeiou]ies$/.test(word)) return `${word.slice(0, -3)}y`;
  if (/[^su]s$/.test(word)) return word.slice(0, -1);
  return word;
}

/** The types (with their interfaces and unions) the word after a code names: "HEAD commit" -> Commit, GitObject. */
export function typesNamedAfter(schema: GraphQLSchema, literal: PromptLiteral): ReadonlySet<string> {
  return capitalFacts(schema).typesByWord.get(nextNoun(literal)) ?? new Set();
}

/** The prompt's literals without the words in capitals the schema uses as names (`URL`, `ID`). */
export function valueLiterals(schema: GraphQLSchema, literals: readonly PromptLiteral[]): PromptLiteral[] {
  const facts = capitalFacts(schema);
  const vocabulary = schemaVocabulary(schema);
  return literals.filter((literal) => {
    if (literal.kind !== 'code') return true;
    // One object of a type the next word names: "the HEAD commit" (GitHub also has a field `head`).
    if (typesNamedAfter(schema, literal).size > 0) return true;
    const lower = literal.text.toLowerCase();
    // A name or the end of one (`URL`, `SKU`; `ID` of `stuid`): the request names it.
    if (facts.names.has(lower) || facts.nameEnds.has(lower)) return false;
    // One of the schema's enum values (`PENDING_FULFILLMENT`, `CHF` of `CurrencyCode`).
    if (facts.enumValues.has(literal.text)) return true;
    // A word the schema has nowhere is a code ("SUMMER25", "CHF").
    return !vocabulary.has(stem(lower));
  });
}

/** Whether `field` returns one object (not a list) of a type the word after the code names: the code picks it (`Repository.object` for "the HEAD commit"). */
export function picksNamedObject(schema: GraphQLSchema, literal: PromptLiteral, field: GraphQLField<unknown, unknown>): boolean {
  const inner = isNonNullType(field.type) ? field.type.ofType : field.type;
  if (isListType(inner)) return false;
  const named = getNamedType(field.type);
  if (!isObjectType(named) && !isInterfaceType(named) && !isUnionType(named)) return false;
  return typesNamedAfter(schema, literal).has(named.name);
}
