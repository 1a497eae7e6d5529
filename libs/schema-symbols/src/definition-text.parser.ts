/**
 * Parses SDL like graphql-js `parse(sdl, { noLocation: true })`, and also
 * remembers the source text of every field and input value (argument, input
 * field) definition: the key by which SymbolMemo knows a definition it has
 * made a symbol of before. A location on every node would keep every token
 * alive and cost about a third of a large schema's parse; this keeps one
 * string per definition, a slice of the SDL the AST already holds.
 * Texts live in a WeakMap: they go with their nodes, and a node made by
 * copying (as the lenient repair does) has none.
 */
import type { DocumentNode, FieldDefinitionNode, InputValueDefinitionNode } from 'graphql';
import { Parser } from 'graphql/language/parser.js';

const texts = new WeakMap<object, string>();

class DefinitionTextParser extends Parser {
  override parseFieldDefinition(): FieldDefinitionNode {
    const start = this._lexer.token.start;
    return remember(super.parseFieldDefinition(), this._lexer.source.body, start, this._lexer.lastToken.end);
  }

  override parseInputValueDef(): InputValueDefinitionNode {
    const start = this._lexer.token.start;
    return remember(super.parseInputValueDef(), this._lexer.source.body, start, this._lexer.lastToken.end);
  }
}

function remember<T extends object>(node: T, body: string, start: number, end: number): T {
  texts.set(node, body.slice(start, end));
  return node;
}

/** Parses without locations, remembering definition texts. Throws graphql-js syntax errors. */
export function parseWithDefinitionTexts(sdl: string): DocumentNode {
  return new DefinitionTextParser(sdl, { noLocation: true }).parseDocument();
}

/** The source text of a field or input value definition parsed by parseWithDefinitionTexts. */
export function definitionText(node: object | null | undefined): string | undefined {
  return node === null || node === undefined ? undefined : texts.get(node);
}
