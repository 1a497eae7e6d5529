/**
 * A generated operation as a `.graphql` file for a router's operations
 * folder: the document with its description string on the operation (added
 * from the response when the document has none; graphql 17 syntax), named
 * after the operation.
 */
import { Kind, parse, print, type DocumentNode, type OperationDefinitionNode } from 'graphql';
import { CliError, ExitCode } from './exit-codes.js';

/** The document, with `description` on its operation unless it carries one already. */
export function documentWithDescription(document: string, description: string): string {
  let ast: DocumentNode;
  try {
    ast = parse(document);
  } catch (error) {
    throw new CliError(ExitCode.Error, `the service returned a document that does not parse: ${(error as Error).message}`);
  }
  const text = description.trim();
  const definitions = ast.definitions.map((definition) => {
    if (definition.kind !== Kind.OPERATION_DEFINITION || definition.description || text === '') return definition;
    const described: OperationDefinitionNode = { ...definition, description: { kind: Kind.STRING, value: text, block: true } };
    return described;
  });
  return `${print({ ...ast, definitions })}\n`;
}

/** `<OperationName>.graphql`, or an error when the name cannot be a file name. */
export function operationFileName(operationName: string): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]{0,127}$/.test(operationName)) {
    throw new CliError(ExitCode.Error, `the operation name ${JSON.stringify(operationName)} cannot be used as a file name`);
  }
  return `${operationName}.graphql`;
}
