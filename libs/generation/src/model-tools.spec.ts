/**
 * The JSON Schemas the model is given are the zod schemas that check its answers (issue 25): each
 * tool's `parameters` is what z.toJSONSchema derives, and a JSON Schema validator (the MCP SDK's
 * Ajv) accepts exactly the arguments zod accepts, over generated arguments near every bound.
 */
import { describe, expect, it } from '@jest/globals';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import fc from 'fast-check';
import { ANSWER_SCHEMA, argumentsJsonSchema, MODEL_TOOLS, SUBMIT_PARAMETERS, strictModeSubset, submitArgs, TOOL_ARGS, ToolName } from './model-tools.js';

type Schema = Record<string, unknown>;
const ajv = new AjvJsonSchemaValidator();

/** Arguments near the schema: valid values, values one past each bound, wrong types, missing and unknown keys. */
function near(schema: Schema): fc.Arbitrary<unknown> {
  const wrong = fc.oneof(fc.constant(null), fc.boolean(), fc.constant({}));
  if (Array.isArray(schema['enum'])) return fc.oneof(fc.constantFrom(...(schema['enum'] as string[])), fc.constant('not-a-kind'), wrong);
  switch (schema['type']) {
    case 'string': {
      // No surrounding spaces: `.trim()` is a transform JSON Schema cannot state (see below).
      const max = (schema['maxLength'] as number | undefined) ?? 40;
      const min = (schema['minLength'] as number | undefined) ?? 0;
      const length = fc.oneof(fc.integer({ min: 0, max: 3 }), fc.constantFrom(Math.max(0, min - 1), min, max, max + 1));
      return fc.oneof({ arbitrary: length.map((n) => 'q'.repeat(n)), weight: 6 }, fc.integer(), wrong);
    }
    case 'integer': {
      const min = schema['minimum'] as number;
      const max = schema['maximum'] as number;
      return fc.oneof(fc.integer({ min: min - 2, max: max + 2 }), fc.constantFrom(min + 0.5, -0), fc.string({ maxLength: 2 }), wrong);
    }
    case 'array': {
      const max = (schema['maxItems'] as number | undefined) ?? 5;
      const items = near(schema['items'] as Schema);
      return fc.oneof(
        { arbitrary: fc.array(items, { minLength: 1, maxLength: 3 }), weight: 4 },
        fc.array(items, { minLength: max, maxLength: max + 1 }),
        fc.constant([]),
        fc.string({ maxLength: 2 }),
        wrong,
      );
    }
    case 'object': {
      const properties = Object.fromEntries(Object.entries(schema['properties'] as Record<string, Schema>).map(([name, value]) => [name, near(value)]));
      const record = fc.record(properties, { requiredKeys: [] });
      return fc.oneof(
        { arbitrary: record, weight: 4 },
        record.map((value) => ({ ...value, unexpected: 1 })),
        wrong,
      );
    }
    default:
      throw new Error(`no generator for ${JSON.stringify(schema)}`);
  }
}

describe('the model tools', () => {
  it('are one per tool name, each with the JSON Schema derived from its zod schema', () => {
    expect(MODEL_TOOLS.map((tool) => tool.function.name).sort()).toEqual(Object.values(ToolName).sort());
    for (const tool of MODEL_TOOLS) {
      const name = tool.function.name as ToolName;
      expect(tool.function.parameters).toEqual(argumentsJsonSchema(TOOL_ARGS[name]));
      expect(tool.function.parameters).toMatchObject({ type: 'object', additionalProperties: false });
    }
    expect(SUBMIT_PARAMETERS).toEqual(argumentsJsonSchema(submitArgs));
  });

  it.each(Object.values(ToolName))('%s: the JSON Schema accepts exactly what zod accepts', (name) => {
    const schema = argumentsJsonSchema(TOOL_ARGS[name]);
    const validate = ajv.getValidator<unknown>(schema as never);
    fc.assert(
      fc.property(near(schema), (args) => {
        expect(validate(args).valid).toBe(TOOL_ARGS[name].safeParse(args).success);
      }),
      { numRuns: 600 },
    );
  });

  it('refuses a blank search query or reason in zod, where JSON Schema has no trim (the model is told why)', () => {
    expect(TOOL_ARGS[ToolName.SearchSchema].safeParse({ query: '   ' }).success).toBe(false);
    expect(TOOL_ARGS[ToolName.ReportNoData].safeParse({ reason: ' ' }).success).toBe(false);
    expect(TOOL_ARGS[ToolName.SearchSchema].safeParse({ query: ' employees ' }).data).toEqual({ query: 'employees' });
  });
});

describe('the text-mode answer schema', () => {
  it('is the submit_operations schema less the string lengths strict mode refuses', () => {
    expect(ANSWER_SCHEMA.schema).toEqual(strictModeSubset(SUBMIT_PARAMETERS));
    expect(JSON.stringify(ANSWER_SCHEMA.schema)).not.toMatch(/"(minLength|maxLength)"/);
    expect(JSON.stringify(SUBMIT_PARAMETERS)).toMatch(/"maxLength"/);
  });

  it('has every property required and no other property allowed, at every depth (strict mode)', () => {
    const check = (schema: Schema): void => {
      if (schema['type'] === 'object') {
        const properties = schema['properties'] as Record<string, Schema>;
        expect(schema['additionalProperties']).toBe(false);
        expect([...(schema['required'] as string[])].sort()).toEqual(Object.keys(properties).sort());
        Object.values(properties).forEach(check);
      }
      if (schema['type'] === 'array') check(schema['items'] as Schema);
    };
    check(ANSWER_SCHEMA.schema);
  });
});
