/**
 * Operation names and one-line descriptions: unique, meaningful, PascalCase
 * names (the model's name when it gave one, else derived from the root
 * fields), and single-line descriptions safe to print as description strings.
 */
import { Kind, type OperationDefinitionNode } from 'graphql';

const READ_VERBS = /^(get|list|find|search|fetch|lookup|count|query|load|read)[A-Z_]/;
const MAX_DESCRIPTION = 300;

/** `list all_employees` / `listAllEmployees` / `LIST_ALL` -> `ListAllEmployees` / `ListAll`. */
export function toPascalCase(text: string): string {
  const words = text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word !== '');
  const joined = words
    .map((word) => (word === word.toUpperCase() && word.length > 1 ? word.charAt(0) + word.slice(1).toLowerCase() : word))
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('');
  return /^[0-9]/.test(joined) ? `Op${joined}` : joined;
}

function rootFieldNames(operation: OperationDefinitionNode): string[] {
  return operation.selectionSet.selections
    .filter((selection) => selection.kind === Kind.FIELD)
    .map((selection) => selection.name.value)
    .filter((name) => !name.startsWith('__'));
}

/** A name from the root fields: `employees` -> `GetEmployees`, `updateMood` -> `UpdateMood`. */
function derivedName(operation: OperationDefinitionNode): string {
  const [first, second] = rootFieldNames(operation);
  if (first === undefined) return operation.operation === 'query' ? 'GetData' : toPascalCase(operation.operation);
  const fields = second === undefined ? toPascalCase(first) : `${toPascalCase(first)}And${toPascalCase(second)}`;
  if (operation.operation === 'mutation') return fields;
  if (operation.operation === 'subscription') return `On${fields}`;
  return READ_VERBS.test(first) ? fields : `Get${fields}`;
}

/** A unique PascalCase name for `operation`; adds it to `taken`. */
export function nameOperation(operation: OperationDefinitionNode, taken: Set<string>): string {
  const given = operation.name ? toPascalCase(operation.name.value) : '';
  const base = given !== '' ? given : derivedName(operation);
  let name = base;
  for (let suffix = 2; taken.has(name); suffix += 1) name = `${base}${suffix}`;
  taken.add(name);
  return name;
}

/** One trimmed line of at most 300 characters; a fallback from the root fields when empty. */
export function oneLineDescription(text: string | undefined, operation: OperationDefinitionNode): string {
  const line = (text ?? '').replace(/\s+/g, ' ').trim();
  if (line !== '') return line.length > MAX_DESCRIPTION ? `${line.slice(0, MAX_DESCRIPTION - 3)}...` : line;
  const fields = rootFieldNames(operation).join(', ');
  const verb = operation.operation === 'mutation' ? 'Runs' : operation.operation === 'subscription' ? 'Subscribes to' : 'Fetches';
  return `${verb} ${fields || operation.operation}.`;
}
