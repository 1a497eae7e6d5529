/**
 * The scripted model of the generate-loop section: a "perfect" model that can
 * only use what it was given. It reads the slice from the request (the tags of
 * the current loop, or the JSON user message of the previous release) and,
 * when every field and argument of the gold operation is printed there,
 * submits the gold operation; otherwise a near miss: the gold with the fields
 * it could not see guessed wrong, then, told the errors, the gold without them
 * (or a reason when nothing is left).
 */
import { Kind, parse, print, TypeInfo, visit, visitWithTypeInfo, type GraphQLSchema } from 'graphql';
import { checkOperation } from '@discovery/generation';
import { submitReply, type ScriptedReply } from '@discovery/testing';
import { operationCoordinates, printedElements } from '../sections/generate-slice-coverage.js';

type Message = { role: string; content?: unknown };

/** The slice SDL a request carried in its first user message. */
export function sliceOf(body: Record<string, unknown>): string {
  const messages = (body['messages'] as Message[] | undefined) ?? [];
  const user = messages.find((message) => message.role === 'user');
  const text = typeof user?.content === 'string' ? user.content : '';
  const tagged = /<schema>\n([\s\S]*?)\n<\/schema>/.exec(text)?.[1];
  if (tagged !== undefined) return tagged.replace(/<\\\//g, '</');
  try {
    const data = JSON.parse(text) as { schema?: unknown };
    return typeof data.schema === 'string' ? data.schema : '';
  } catch {
    return '';
  }
}

/** Whether the request already carries validation errors of an earlier submission. */
function sawErrors(body: Record<string, unknown>): boolean {
  const messages = (body['messages'] as Message[] | undefined) ?? [];
  return messages.some((message) => message.role !== 'assistant' && typeof message.content === 'string' && message.content.includes('"invalid"'));
}

/** The gold with every field the slice does not print removed (undefined when nothing is left). */
function pruned(schema: GraphQLSchema, gold: string, printed: ReadonlySet<string>): string | undefined {
  const typeInfo = new TypeInfo(schema);
  const document = visit(
    parse(gold),
    visitWithTypeInfo(typeInfo, {
      Field: {
        enter(node) {
          const parent = typeInfo.getParentType();
          if (!parent || node.name.value === '__typename') return undefined;
          return printed.has(`${parent.name}.${node.name.value}`) ? undefined : null;
        },
        leave: (node) => (node.selectionSet === null ? null : undefined),
      },
      InlineFragment: { leave: (node) => (node.selectionSet === null ? null : undefined) },
      Argument(node) {
        const field = typeInfo.getFieldDef();
        const parent = typeInfo.getParentType();
        return field && parent && !printed.has(`${parent.name}.${field.name}(${node.name.value}:)`) ? null : undefined;
      },
      SelectionSet: { leave: (node) => (node.selections.length === 0 ? null : undefined) },
    }),
  );
  try {
    const text = print(document);
    return /\{/.test(text) && checkOperation(schema, text).ok ? text : undefined;
  } catch {
    return undefined; // nothing left to select
  }
}

/** The gold with the fields the slice does not print renamed, as a model would guess them. */
function guessed(gold: string, missing: ReadonlySet<string>): string {
  const fields = new Set([...missing].map((coordinate) => coordinate.split('.')[1]?.replace(/\(.*$/, '') ?? ''));
  return print(
    visit(parse(gold), {
      Field: (node) => (fields.has(node.name.value) ? { ...node, name: { kind: Kind.NAME, value: `${node.name.value}Info` } } : undefined),
    }),
  );
}

export interface GoldRow {
  schema: GraphQLSchema;
  gold: string;
}

/** Whether the slice prints every field and argument of the gold operation. */
export function goldInSlice(row: GoldRow, sliceSdl: string): { covered: boolean; missing: Set<string>; printed: Set<string> } {
  const printed = printedElements(sliceSdl);
  const missing = new Set(operationCoordinates(row.schema, row.gold, { withArguments: true }).filter((coordinate) => !printed.has(coordinate)));
  return { covered: missing.size === 0, missing, printed };
}

/** A computed reply answering like a perfect model that sees only the slice. */
export function goldReply(row: GoldRow, seen: { covered?: boolean }): ScriptedReply {
  return {
    kind: 'respond',
    respond: (body) => {
      const { covered, missing, printed } = goldInSlice(row, sliceOf(body));
      seen.covered ??= covered;
      if (covered) return submitReply([{ document: row.gold, description: 'The requested data.' }]);
      if (!sawErrors(body)) return submitReply([{ document: guessed(row.gold, missing), description: 'The requested data.' }]);
      const rest = pruned(row.schema, row.gold, printed);
      return rest
        ? submitReply([{ document: rest, description: 'Part of the requested data.' }])
        : submitReply([], ['The schema slice does not show the fields this needs.']);
    },
  };
}
