/**
 * The baseline of the generate-compose section: the top search hit reached by
 * its shortest root path (schema-paths), the hit field selected (with a leaf
 * or `__typename` under it when it returns an object), required arguments as
 * variables, inline fragments where the path goes through an abstract type.
 */
import { getNamedType, isInterfaceType, isLeafType, isNonNullType, isObjectType, isUnionType, type GraphQLField, type GraphQLSchema } from 'graphql';
import type { GenerationHit } from '@discovery/generation';
import { rootPaths } from '@discovery/schema-slice';

function argsOf(field: GraphQLField<unknown, unknown> | undefined, variables: Map<string, string>): string {
  const required = (field?.args ?? []).filter((arg) => isNonNullType(arg.type) && arg.default === undefined);
  if (required.length === 0) return '';
  const parts = required.map((arg) => {
    let name = arg.name;
    for (let i = 2; variables.has(name); i += 1) name = `${arg.name}${i}`;
    variables.set(name, String(arg.type));
    return `${arg.name}: $${name}`;
  });
  return `(${parts.join(', ')})`;
}

function leafSelection(schema: GraphQLSchema, typeName: string): string {
  const type = schema.getType(typeName);
  if (isObjectType(type) || isInterfaceType(type)) {
    const leaf = Object.values(type.getFields()).find((f) => isLeafType(getNamedType(f.type)) && !f.args.some((a) => isNonNullType(a.type)));
    if (leaf) return ` { ${leaf.name} }`;
  }
  return ' { __typename }';
}

/** The naive operation for the hits (best first), or undefined when the top hit is not reachable. */
export function naiveOperation(schema: GraphQLSchema, hits: readonly GenerationHit[]): string | undefined {
  const hit = hits.find((h) => h.symbol.kind === 'field' || h.symbol.kind === 'object' || h.symbol.kind === 'interface');
  if (!hit) return undefined;
  const name = hit.symbol.coordinate.slice(hit.symbol.coordinate.indexOf(':') + 1);
  const [typeName = '', fieldName] = name.split('.');
  const steps = rootPaths(schema, ['query']).pathTo(typeName);
  if (!steps) return undefined;
  const variables = new Map<string, string>();
  let open = '';
  let close = '';
  for (const step of steps) {
    const owner = schema.getType(step.type);
    if (step.field === undefined) continue;
    const field = isObjectType(owner) || isInterfaceType(owner) ? owner.getFields()[step.field] : undefined;
    open += `${step.field}${argsOf(field, variables)} { `;
    close = ` }${close}`;
    const next = steps[steps.indexOf(step) + 1]?.type ?? typeName;
    const returned = field ? getNamedType(field.type).name : '';
    if (returned !== next) {
      open += `... on ${next} { `;
      close = ` }${close}`;
    }
  }
  const type = schema.getType(typeName);
  let inner: string;
  if (fieldName !== undefined && (isObjectType(type) || isInterfaceType(type))) {
    const field = type.getFields()[fieldName];
    if (!field) return undefined;
    const returned = getNamedType(field.type);
    inner = `${fieldName}${argsOf(field, variables)}${isLeafType(returned) ? '' : isUnionType(returned) ? ' { __typename }' : leafSelection(schema, returned.name)}`;
  } else {
    inner = leafSelection(schema, typeName).slice(3, -2);
  }
  const declared = [...variables].map(([n, t]) => `$${n}: ${t}`).join(', ');
  return `query${declared ? `(${declared})` : ''} { ${open}${inner}${close} }`;
}
