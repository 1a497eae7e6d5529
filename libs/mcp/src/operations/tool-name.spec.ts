/**
 * snakeCase against the cases of the converter Cosmo uses (iancoleman/strcase snake_test.go), so an
 * operation file gets the same tool name here as in a Cosmo router.
 */
import { describe, expect, it } from '@jest/globals';
import { operationToolName, snakeCase } from './tool-name.js';

describe('snakeCase', () => {
  it.each([
    ['testCase', 'test_case'],
    ['TestCase', 'test_case'],
    ['Test Case', 'test_case'],
    [' Test Case ', 'test_case'],
    ['test', 'test'],
    ['test_case', 'test_case'],
    ['Test', 'test'],
    ['', ''],
    ['ManyManyWords', 'many_many_words'],
    ['manyManyWords', 'many_many_words'],
    ['AnyKind of_string', 'any_kind_of_string'],
    ['numbers2and55with000', 'numbers_2_and_55_with_000'],
    ['JSONData', 'json_data'],
    ['userID', 'user_id'],
    ['AAAbbb', 'aa_abbb'],
    ['1A2', '1_a_2'],
    ['A1B', 'a_1_b'],
    ['A1A2A3', 'a_1_a_2_a_3'],
    ['AB1AB2AB3', 'ab_1_ab_2_ab_3'],
    ['GetUserById', 'get_user_by_id'],
    ['get-users', 'get_users'],
  ])('%j -> %j', (input, expected) => {
    expect(snakeCase(input)).toBe(expected);
  });

  it('prefixes tool names unless told not to', () => {
    expect(operationToolName('GetUserById', false)).toBe('execute_operation_get_user_by_id');
    expect(operationToolName('GetUserById', true)).toBe('get_user_by_id');
  });
});
