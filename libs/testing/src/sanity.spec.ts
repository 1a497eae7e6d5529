import { describe, expect, it } from '@jest/globals';
import { Injectable, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { buildSchema } from 'graphql';
import { IndexStatus } from '@discovery/proto';

@Injectable()
class A { v = 1; }
@Injectable()
class B { constructor(readonly a: A) {} }
@Module({ providers: [A, B] })
class M {}

describe('toolchain', () => {
  it('runs nest DI, graphql and proto under ESM jest', async () => {
    const mod = await Test.createTestingModule({ imports: [M] }).compile();
    expect(mod.get(B).a.v).toBe(1);
    expect(buildSchema('type Query { a: Int }').getQueryType()?.name).toBe('Query');
    expect(IndexStatus.READY).toBe(2);
  });
});
