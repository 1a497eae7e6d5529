/**
 * @discovery/generation/variables: the variables JSON Schema of an operation (Cosmo's rules,
 * docs/architecture.md "Variables schema") for the MCP bridge's operation tools, without the rest
 * of generation (no model client): the bridge builds its tools' input schemas with the same code
 * that writes generate_query's variablesSchema.
 */
export { deriveVariablesSchema, literalToJson, type ScalarJsonSchemas } from '../variables-schema.js';
