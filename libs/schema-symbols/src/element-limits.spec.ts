/**
 * Per-element limits (issue 23 findings 1 and 2): the first name, description
 * or default value over its limit fails the build naming the limit, before
 * the schema is built; a value is measured only until it is over.
 */
import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { buildSchemaFromSdl } from './build-schema-from-sdl.js';
import { checkDefaultValueSpans } from './element-limits.js';
import { SymbolExtractionErrorCode } from './symbol-extraction.errors.js';

const elements = { maxNameLength: 64, maxDescriptionLength: 1_000, maxValueLength: 200 };
const failure = (sdl: string) => {
  try {
    buildSchemaFromSdl(sdl, { elements });
  } catch (error) {
    return { code: (error as { code?: string }).code, message: (error as Error).message };
  }
  return undefined;
};

describe('element limits', () => {
  it('accepts a schema within every limit', () => {
    expect(failure(`"${'d'.repeat(1_000)}" type Query { f(a: [Int] = [1, 2, 3], b: String = "x"): Int @deprecated(reason: "old") }`)).toBeUndefined();
  });

  it.each([
    [
      'a type name',
      `type Query { a: Int } type ${'T'.repeat(65)} { a: Int }`,
      SymbolExtractionErrorCode.NameTooLong,
      /is 65 characters long; the limit is 64 characters \(MAX_NAME_LENGTH\)/,
    ],
    [
      'a field name',
      `type Query { ${'f'.repeat(30_000)}: Int }`,
      SymbolExtractionErrorCode.NameTooLong,
      /in "Query" is 30000 characters long.*MAX_NAME_LENGTH/,
    ],
    ['an argument name', `type Query { f(${'a'.repeat(100)}: Int): Int }`, SymbolExtractionErrorCode.NameTooLong, /MAX_NAME_LENGTH/],
    ['an enum value', `type Query { a: E } enum E { ${'V'.repeat(100)} }`, SymbolExtractionErrorCode.NameTooLong, /in "E".*MAX_NAME_LENGTH/],
    [
      'a description',
      `type Query { "${'d'.repeat(1_001)}" a: Int }`,
      SymbolExtractionErrorCode.DescriptionTooLong,
      /description of "Query"."a" is 1001 characters long.*MAX_DESCRIPTION_LENGTH/,
    ],
    [
      'a list default',
      `type Query { items(ids: [Int] = [${Array(1_000_000).fill(1).join(',')}]): Int }`,
      SymbolExtractionErrorCode.ValueTooLarge,
      /default value (of "items"."ids"|at line 1) is longer than the limit of 200 characters \(MAX_DEFAULT_VALUE_LENGTH\)/,
    ],
    [
      'a string default',
      `input In { s: String = "${'s'.repeat(300)}" } type Query { f(x: In): Int }`,
      SymbolExtractionErrorCode.ValueTooLarge,
      /MAX_DEFAULT_VALUE_LENGTH/,
    ],
    [
      'a directive argument',
      `directive @tag(name: String) on FIELD_DEFINITION type Query { a: Int @tag(name: "${'t'.repeat(300)}") }`,
      SymbolExtractionErrorCode.ValueTooLarge,
      /argument of @"tag".*MAX_DEFAULT_VALUE_LENGTH/,
    ],
  ])('refuses %s over its limit, naming it', (_, sdl, code, message) => {
    const found = failure(sdl);
    expect(found?.code).toBe(code);
    expect(found?.message).toMatch(message);
    expect(found!.message.length).toBeLessThan(300);
  });
});

describe('default values on the SDL text', () => {
  it('refuses a default too large before parsing, naming its line', () => {
    const sdl = `type Query {\n  a: Int\n  items(ids: [Int] = [${Array(1_000_000).fill(1).join(', ')}]): Int\n}`;
    expect(() => checkDefaultValueSpans(sdl, 8192)).toThrow(/default value at line 3 is longer than the limit of 8192 characters \(MAX_DEFAULT_VALUE_LENGTH\)/);
  });

  it('never counts more than the printed length: every fixture passes at its own largest default', () => {
    for (const name of ['artsy-metaphysics-v2.graphql', 'shopify-admin.graphql', 'saleor.graphql']) {
      const sdl = readFileSync(new URL(`../../../test/fixtures/schemas/${name}`, import.meta.url), 'utf8');
      expect(() => checkDefaultValueSpans(sdl, 368)).not.toThrow();
    }
    const tricky = 'type Query { f(a: [Int] = [1, 2, 3], b: In = { x: "a = [1,2]" s: """ = [[[ """ }, c: E = V @deprecated): Int } # = [1,1,1,1]';
    expect(() => checkDefaultValueSpans(tricky, 30)).not.toThrow();
    expect(() => checkDefaultValueSpans(tricky, 12)).toThrow(/line 1/);
  });
});
