/**
 * Embedding texts for measurements, built from an SDL with graphql-js the way
 * symbol extraction builds them: `Type words field words: Return Type. First
 * sentence of the description.`, at most 25 words, one per type and field.
 */
import { readFileSync } from 'node:fs';
import { Kind, parse, type TypeNode } from 'graphql';

export interface SchemaText {
  /** `Type` or `Type.field`. */
  name: string;
  isField: boolean;
  text: string;
}

const WORDS = /[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+/g;
const split = (name: string): string => (name.match(WORDS) ?? [name]).join(' ');
const namedType = (t: TypeNode): string => (t.kind === Kind.NAMED_TYPE ? t.name.value : namedType(t.type));

function firstSentence(description: string | undefined): string {
  if (!description) return '';
  const plain = description
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[`*_#>]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  const end = plain.search(/[.!?](\s|$)/);
  return end >= 0 ? plain.slice(0, end + 1) : plain;
}

const cap = (text: string): string => text.split(' ').filter(Boolean).slice(0, 25).join(' ');

export function schemaTexts(file: string | URL): SchemaText[] {
  const document = parse(readFileSync(file, 'utf8'), { noLocation: true });
  const out: SchemaText[] = [];
  for (const def of document.definitions) {
    if (!('name' in def) || !def.name || !('kind' in def)) continue;
    const typeName = def.name.value;
    const description = 'description' in def ? def.description?.value : undefined;
    out.push({ name: typeName, isField: false, text: cap(`${split(typeName)}. ${firstSentence(description)}`) });
    if (def.kind !== Kind.OBJECT_TYPE_DEFINITION && def.kind !== Kind.INTERFACE_TYPE_DEFINITION && def.kind !== Kind.INPUT_OBJECT_TYPE_DEFINITION) continue;
    for (const field of def.fields ?? []) {
      const words = split(field.name.value).toLowerCase();
      const text = `${split(typeName)} ${words}: ${split(namedType(field.type))}. ${firstSentence(field.description?.value)}`;
      out.push({ name: `${typeName}.${field.name.value}`, isField: def.kind !== Kind.INPUT_OBJECT_TYPE_DEFINITION, text: cap(text) });
    }
  }
  return out;
}
