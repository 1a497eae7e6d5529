/**
 * Parses and validates one submitted operation against the full schema with
 * graphql-js (every specified rule, plus no schema introspection: `__schema`
 * and `__type` dumps are never a generated operation; `__typename` is fine).
 * Produces short, model-readable errors.
 */
import {
  GraphQLError,
  GraphQLSchema,
  Kind,
  NoSchemaIntrospectionCustomRule,
  parse,
  specifiedRules,
  validate,
  validateSchema,
  type DocumentNode,
  type OperationDefinitionNode,
} from 'graphql';

/** Upper bound on lexical tokens of a submitted document (bounds parser work on untrusted text). */
const MAX_LEXICAL_TOKENS = 20_000;
/** At most this many validation errors are reported back (enough to repair, short for the model). */
const MAX_ERRORS = 8;
/** graphql-js's rules plus its ready-made rule against `__schema` / `__type`. */
const RULES = [...specifiedRules, NoSchemaIntrospectionCustomRule];

export type OperationCheck = { ok: true; document: DocumentNode; operation: OperationDefinitionNode } | { ok: false; errors: string[] };

const lenientCopies = new WeakMap<GraphQLSchema, GraphQLSchema>();

/**
 * graphql-js refuses to validate documents against a schema with type-system
 * defects, yet real schemas (GitHub's among them) have small ones and are
 * indexed leniently. Such a schema is validated through a copy that assumes
 * it valid: operation rules still apply in full.
 */
export function validationSchema(schema: GraphQLSchema): GraphQLSchema {
  if (validateSchema(schema).length === 0) return schema;
  let copy = lenientCopies.get(schema);
  if (!copy) {
    copy = new GraphQLSchema({ ...schema.toConfig(), assumeValid: true });
    lenientCopies.set(schema, copy);
  }
  return copy;
}

function describeError(error: GraphQLError): string {
  const location = error.locations?.[0];
  return location ? `${error.message} (line ${location.line}, column ${location.column})` : error.message;
}

/** Checks that `source` is exactly one executable operation (plus fragments) valid against `schema`. */
export function checkOperation(schema: GraphQLSchema, source: string): OperationCheck {
  if (source.trim() === '') return { ok: false, errors: ['The document is empty.'] };
  let document: DocumentNode;
  try {
    document = parse(source, { maxLexicalTokens: MAX_LEXICAL_TOKENS, noLocation: false });
  } catch (error) {
    if (error instanceof GraphQLError) return { ok: false, errors: [`Syntax error: ${describeError(error)}`] };
    throw error;
  }
  const operations = document.definitions.filter((definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION);
  if (operations.length !== 1) {
    return {
      ok: false,
      errors: [`A document must hold exactly one operation; this one holds ${operations.length}. Submit each operation separately.`],
    };
  }
  const errors = validate(validationSchema(schema), document, RULES, { maxErrors: MAX_ERRORS + 1 });
  if (errors.length > 0) return { ok: false, errors: errors.slice(0, MAX_ERRORS).map(describeError) };
  return { ok: true, document, operation: operations[0] as OperationDefinitionNode };
}
