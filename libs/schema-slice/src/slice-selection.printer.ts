/**
 * Prints a SliceSelection as compact SDL (root types first, then object and
 * interface types in the order they were added, unions, inputs, enums) and
 * lists the coordinate of every element printed.
 */
import { isInterfaceType, isObjectType, type GraphQLSchema } from 'graphql';
import { enumLine, fieldLine, inputFieldLine, unionLine } from './slice-lines.js';
import type { SliceSelection } from './slice-selection.js';

export interface PrintedSlice {
  sdl: string;
  /** `object:X`, `field:X.f`, `input:I`, `input_field:I.f`, `enum:E`, `union:U`, `interface:N`. */
  coordinates: string[];
}

function printOutput(schema: GraphQLSchema, selection: SliceSelection, typeName: string, coordinates: string[]): string | undefined {
  const type = schema.getType(typeName);
  if (!isObjectType(type) && !isInterfaceType(type)) return undefined;
  const keyword = isInterfaceType(type) ? 'interface' : 'type';
  coordinates.push(`${keyword === 'type' ? 'object' : 'interface'}:${typeName}`);
  const picks = selection.outputs.get(typeName) ?? new Map();
  const shownInterfaces = type
    .getInterfaces()
    .filter((face) => selection.outputs.has(face.name))
    .map((face) => face.name);
  const header = `${keyword} ${typeName}${shownInterfaces.length > 0 ? ` implements ${shownInterfaces.join(' & ')}` : ''}`;
  if (picks.size === 0) return header;
  const lines: string[] = [];
  for (const field of Object.values(type.getFields())) {
    const pick = picks.get(field.name);
    if (!pick) continue;
    lines.push(fieldLine(field, pick));
    coordinates.push(`field:${typeName}.${field.name}`);
  }
  return `${header} {\n${lines.join('\n')}\n}`;
}

/** The slice's SDL and the coordinates of what it prints. */
export function printSelection(schema: GraphQLSchema, selection: SliceSelection): PrintedSlice {
  const coordinates: string[] = [];
  const blocks: string[] = [];
  const rootNames = new Set([schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()].flatMap((root) => (root ? [root.name] : [])));
  const order = [...selection.outputs.keys()].sort((a, b) => Number(rootNames.has(b)) - Number(rootNames.has(a)));
  for (const typeName of order) {
    const block = printOutput(schema, selection, typeName, coordinates);
    if (block !== undefined) blocks.push(block);
  }
  for (const name of selection.unions) {
    blocks.push(unionLine(schema, name, selection.reached));
    coordinates.push(`union:${name}`);
  }
  for (const [name, fields] of selection.inputs) {
    coordinates.push(`input:${name}`);
    const type = schema.getType(name);
    const names = type && 'getFields' in type ? Object.keys(type.getFields()).filter((fieldName) => fields.has(fieldName)) : [];
    for (const fieldName of names) coordinates.push(`input_field:${name}.${fieldName}`);
    const lines = names.map((fieldName) => inputFieldLine(schema, name, fieldName));
    blocks.push(lines.length === 0 ? `input ${name}` : `input ${name} {\n${lines.join('\n')}\n}`);
  }
  for (const name of selection.enums) {
    blocks.push(enumLine(schema, name));
    coordinates.push(`enum:${name}`);
  }
  return { sdl: blocks.join('\n'), coordinates };
}
