import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { examplesFromSdl, withExamples } from './schema-examples.js';
import { toolList } from './bridge-server.factory.js';
import { TOOL_LIST } from './tool-catalog.js';
import { SERVER_INSTRUCTIONS } from './tool-texts.js';

const fixture = (name: string) => readFileSync(new URL(`../../../test/fixtures/schemas/${name}`, import.meta.url), 'utf8');

describe('examples from the served schema', () => {
  it('replaces every demo example in the tool list and instructions with names of the schema', () => {
    const examples = examplesFromSdl(fixture('countries.graphql'));
    expect(examples).toBeDefined();
    const texts = JSON.stringify(toolList(examples)) + withExamples(SERVER_INSTRUCTIONS, examples);
    expect(JSON.stringify(TOOL_LIST)).toMatch(/Employee/);
    expect(texts).not.toMatch(/Employee|employee|[Mm]ood|Order|SearchInput|Lamp/);
    expect(texts).toContain(`field:${examples!.field}`);
    expect(examples!.field).toMatch(/^[A-Z]\w*\.\w+$/);
    expect(examples!.enumType).toBeUndefined();
    for (const name of [examples!.object, examples!.input]) {
      expect(fixture('countries.graphql')).toMatch(new RegExp(`(type|input|enum) ${name}\\b`));
    }
  });

  it('takes the action from the first mutation and words from camelCase names', () => {
    const examples = examplesFromSdl(
      'type Query { orderLine(id: ID!): OrderLine } type OrderLine { id: ID! unitPrice: Int } type Mutation { cancelOrderLine(id: ID!): OrderLine }',
    );
    expect(examples).toMatchObject({
      topic: 'order line unit price',
      action: 'cancel order line',
      prompt: 'the unit price of order line 3',
      field: 'OrderLine.unitPrice',
    });
  });

  it('leaves the texts as they are when the schema does not parse', () => {
    expect(examplesFromSdl('type {')).toBeUndefined();
    expect(withExamples(SERVER_INSTRUCTIONS, undefined)).toBe(SERVER_INSTRUCTIONS);
  });
});
