/**
 * Saves an operation into an operations folder as a tool file (the curated path, docs/wire.md §5):
 * `<OperationName>.graphql` holding the document with its description string (added when the
 * document has none; variable descriptions kept). Used by `discovery generate --out` and, later, the
 * console's "save as tool". The file appears whole: it is written beside its final name and then
 * linked (or, when overwriting, renamed) into place, so a watching bridge never reads half a file.
 * With a schema, an operation the bridge would skip is refused before anything is written.
 */
import { randomBytes } from 'node:crypto';
import { link, mkdir, rename, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Kind, parse, print, type DocumentNode, type GraphQLSchema, type OperationDefinitionNode } from 'graphql';
import { OperationFileError, OperationFileErrorCode } from '../mcp.errors.js';
import { compileOperations } from './operation-compiler.js';
import { stripHidden } from '@discovery/schema-symbols/text';

export interface SaveOperationOptions {
  /** Written on the operation when the document carries no description. */
  description?: string;
  /** Replace a file of the same name (default: refuse). */
  overwrite?: boolean;
  /** Check the operation against this schema first, by the rules the bridge serves it by. */
  schema?: GraphQLSchema;
}

export interface SavedOperation {
  /** The path written. */
  path: string;
  operationName: string;
}

/** Writes `document` into `dir` as `<OperationName>.graphql`; throws OperationFileError. */
export async function saveOperation(dir: string, document: string, options: SaveOperationOptions = {}): Promise<SavedOperation> {
  const text = documentWithDescription(document, options.description ?? '');
  const operation = parse(text, { noLocation: true }).definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  const name = operationFileName(operation?.name?.value ?? '');
  if (options.schema) checkServable(name, text, options.schema);
  const path = join(dir, name);
  const temporary = join(dir, `.${name}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    await mkdir(dir, { recursive: true });
    await writeFile(temporary, text, { flag: 'wx' });
    await (options.overwrite ? rename(temporary, path) : link(temporary, path));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') throw new OperationFileError(OperationFileErrorCode.Exists, `${path} exists already`, { cause: error });
    throw new OperationFileError(OperationFileErrorCode.WriteFailed, `cannot write ${path}: ${code ?? (error as Error).message}`, { cause: error });
  } finally {
    if (!options.overwrite) await unlink(temporary).catch(() => undefined);
  }
  return { path, operationName: operation!.name!.value };
}

/** The document, printed, with `description` on its operation unless it carries one already. */
export function documentWithDescription(document: string, description: string): string {
  let ast: DocumentNode;
  try {
    ast = parse(document);
  } catch (error) {
    throw new OperationFileError(OperationFileErrorCode.InvalidDocument, `the document does not parse: ${(error as Error).message}`, { cause: error });
  }
  const operations = ast.definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION);
  if (operations.length !== 1) {
    throw new OperationFileError(
      OperationFileErrorCode.InvalidDocument,
      `an operation file holds exactly one operation, this document has ${operations.length}`,
    );
  }
  const text = description.trim();
  const definitions = ast.definitions.map((definition) => {
    if (definition.kind !== Kind.OPERATION_DEFINITION || definition.description || text === '') return definition;
    const described: OperationDefinitionNode = { ...definition, description: { kind: Kind.STRING, value: text, block: true } };
    return described;
  });
  // A file an operator or a router reads: no escapes or hidden characters, whoever wrote the document (issue 23 finding 6).
  return `${stripHidden(print({ ...ast, definitions }))}\n`;
}

/** `<OperationName>.graphql`, or OperationFileError when the name cannot be a file name. */
export function operationFileName(operationName: string): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]{0,127}$/.test(operationName)) {
    throw new OperationFileError(OperationFileErrorCode.InvalidName, `the operation name ${JSON.stringify(operationName)} cannot be used as a file name`);
  }
  return `${operationName}.graphql`;
}

function checkServable(file: string, text: string, schema: GraphQLSchema): void {
  const { skipped } = compileOperations([{ file, text }], schema, { omitToolNamePrefix: false, excludeMutations: false, reserved: new Set() });
  const problem = skipped[0];
  if (problem) throw new OperationFileError(OperationFileErrorCode.NotServable, `the operation would not be served: ${problem.detail}`);
}
