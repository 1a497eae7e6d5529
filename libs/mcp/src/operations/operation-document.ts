/**
 * One operation file read as Cosmo's router reads it (docs/wire.md §5): a GraphQL document with
 * exactly one operation (fragments beside it are fine), its name and type, its description string,
 * and the text sent upstream: the file as written, or re-printed without the operation, variable
 * and fragment descriptions when it has any (older GraphQL servers reject them).
 */
import { Kind, parse, print, visit, type DocumentNode, type OperationDefinitionNode } from 'graphql';
import { stripHidden } from '@discovery/schema-symbols';

export interface ParsedOperation {
  readonly ast: DocumentNode;
  readonly operation: OperationDefinitionNode;
  /** Undefined for an unnamed operation. */
  readonly name: string | undefined;
  readonly type: 'query' | 'mutation' | 'subscription';
  /** The operation's description string, trimmed, hidden characters removed; '' when none. */
  readonly description: string;
  readonly forwarded: string;
}

/** Parses an operation file; throws an Error with one readable line when it is not one operation. */
export function parseOperationFile(text: string): ParsedOperation {
  let ast: DocumentNode;
  try {
    ast = parse(text, { noLocation: true });
  } catch (error) {
    throw new Error(`does not parse: ${(error as Error).message.split('\n')[0]}`);
  }
  const operations = ast.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  if (operations.length !== 1) throw new Error(`expected exactly one operation definition, got ${operations.length}`);
  const operation = operations[0]!;
  return {
    ast,
    operation,
    name: operation.name?.value,
    type: operation.operation,
    description: stripHidden(operation.description?.value ?? '').trim(),
    forwarded: hasExecutableDescriptions(ast) ? print(withoutDescriptions(ast)) : text,
  };
}

function hasExecutableDescriptions(ast: DocumentNode): boolean {
  return ast.definitions.some(
    (definition) =>
      ((definition.kind === Kind.OPERATION_DEFINITION || definition.kind === Kind.FRAGMENT_DEFINITION) && definition.description !== undefined) ||
      (definition.kind === Kind.OPERATION_DEFINITION && (definition.variableDefinitions ?? []).some((v) => v.description !== undefined)),
  );
}

/** The document with the descriptions of operations, variables and fragments removed. */
export function withoutDescriptions(ast: DocumentNode): DocumentNode {
  const drop = (node: { description?: unknown }) => ({ ...node, description: undefined });
  return visit(ast, {
    OperationDefinition: drop,
    VariableDefinition: drop,
    FragmentDefinition: drop,
  }) as DocumentNode;
}
