/**
 * Turns the files of an operations folder into tools by Cosmo's rules (docs/wire.md §5), in the order
 * Cosmo walks the folder (paths sorted): a file that does not parse or holds other than one operation,
 * a subscription, or an operation the served schema rejects is skipped; an unnamed operation takes its
 * file's name; a second operation of the same name is skipped; mutations are left out when excluded;
 * a tool name already taken (a built-in tool, or an earlier operation) is skipped. Pure: no I/O.
 */
import { validate, isObjectType, Kind, type GraphQLSchema, type OperationDefinitionNode } from 'graphql';
import { deriveVariablesSchema } from '@discovery/generation/variables';
import { stripHidden } from '@discovery/schema-symbols';
import type { JsonObject } from '../records.mapper.js';
import { parseOperationFile, type ParsedOperation } from './operation-document.js';
import type { OperationTool, SkippedOperation } from './operation-tool.js';
import { operationToolName } from './tool-name.js';

export interface OperationFile {
  /** Relative to the folder, `/`-separated. */
  readonly file: string;
  /** Undefined when the file could not be read (`error` says why). */
  readonly text?: string;
  readonly error?: string;
}

export interface CompileOptions {
  readonly omitToolNamePrefix: boolean;
  readonly excludeMutations: boolean;
  /** Tool names already taken (the discovery and built-in tools). */
  readonly reserved: ReadonlySet<string>;
}

export interface CompiledOperations {
  readonly tools: OperationTool[];
  readonly skipped: SkippedOperation[];
}

const MAX_VALIDATION_ERRORS = 3;

export function compileOperations(files: readonly OperationFile[], schema: GraphQLSchema, options: CompileOptions): CompiledOperations {
  const tools: OperationTool[] = [];
  const skipped: SkippedOperation[] = [];
  const names = new Set<string>();
  const toolNames = new Set(options.reserved);
  for (const file of [...files].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0))) {
    const outcome = compileOne(file, schema);
    if ('reason' in outcome) {
      skipped.push(outcome);
      continue;
    }
    const { parsed, operationName } = outcome;
    if (names.has(operationName)) {
      skipped.push({ file: file.file, reason: 'duplicate', operationName, detail: `operation ${operationName} already exists in another file` });
      continue;
    }
    names.add(operationName);
    if (parsed.type === 'mutation' && options.excludeMutations) {
      skipped.push({ file: file.file, reason: 'excluded', operationName, detail: 'mutations are excluded (MCP_EXCLUDE_MUTATIONS)' });
      continue;
    }
    const name = operationToolName(operationName, options.omitToolNamePrefix);
    if (toolNames.has(name)) {
      skipped.push({ file: file.file, reason: 'collision', operationName, detail: `its tool name ${name} is already taken` });
      continue;
    }
    toolNames.add(name);
    tools.push(toTool(file.file, parsed, operationName, name, schema));
  }
  return { tools, skipped };
}

type Compiled = { parsed: ParsedOperation; operationName: string } | SkippedOperation;

function compileOne(file: OperationFile, schema: GraphQLSchema): Compiled {
  if (file.text === undefined) return { file: file.file, reason: 'unreadable', detail: file.error ?? 'cannot be read' };
  let parsed: ParsedOperation;
  try {
    parsed = parseOperationFile(file.text);
  } catch (error) {
    return { file: file.file, reason: 'invalid', detail: (error as Error).message };
  }
  const operationName = parsed.name ?? fileStem(file.file);
  if (parsed.type === 'subscription') {
    return { file: file.file, reason: 'subscription', operationName, detail: 'subscriptions are not served as tools' };
  }
  const errors = validate(schema, parsed.ast);
  if (errors.length > 0) {
    const shown = errors
      .slice(0, MAX_VALIDATION_ERRORS)
      .map((e) => e.message)
      .join('; ');
    const more = errors.length > MAX_VALIDATION_ERRORS ? ` (and ${errors.length - MAX_VALIDATION_ERRORS} more)` : '';
    return { file: file.file, reason: 'invalid', operationName, detail: `not valid against the schema: ${shown}${more}` };
  }
  return { parsed, operationName };
}

function toTool(file: string, parsed: ParsedOperation, operationName: string, name: string, schema: GraphQLSchema): OperationTool {
  const type = parsed.type as OperationTool['operationType'];
  const description =
    parsed.description || rootFieldDescription(parsed.operation, schema) || `Executes the GraphQL operation '${operationName}' of type ${type}.`;
  return {
    name,
    operationName,
    named: parsed.name !== undefined,
    operationType: type,
    description,
    file,
    document: parsed.forwarded,
    inputSchema: deriveVariablesSchema(schema, parsed.operation) as JsonObject,
    hasVariables: (parsed.operation.variableDefinitions ?? []).length > 0,
  };
}

/** The descriptions of the root fields the operation selects directly, joined by a space (Cosmo's fallback). */
function rootFieldDescription(operation: OperationDefinitionNode, schema: GraphQLSchema): string {
  const root = schema.getRootType(operation.operation);
  if (!isObjectType(root)) return '';
  const fields = root.getFields();
  return operation.selectionSet.selections
    .flatMap((selection) => (selection.kind === Kind.FIELD ? [stripHidden(fields[selection.name.value]?.description ?? '').trim()] : []))
    .filter((text) => text !== '')
    .join(' ');
}

/** `billing/getInvoices.graphql` -> `getInvoices`. */
function fileStem(file: string): string {
  const base = file.slice(file.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(0, dot) : base;
}
