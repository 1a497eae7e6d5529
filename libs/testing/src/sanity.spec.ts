import { describe, expect, it } from '@jest/globals';
import { buildSchema } from 'graphql';
import { IndexStatus } from '@discovery/proto';

describe('toolchain', () => {
  it('runs graphql and proto under ESM jest', () => {
    expect(buildSchema('type Query { a: Int }').getQueryType()?.name).toBe('Query');
    expect(IndexStatus.READY).toBe(2);
  });
});
