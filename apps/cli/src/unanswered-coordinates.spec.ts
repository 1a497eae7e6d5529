import { describe, expect, it } from '@jest/globals';
import { unansweredCoordinates } from './unanswered-coordinates.js';

describe('unansweredCoordinates', () => {
  it('matches answers to requests in order, plain names to their canonical coordinates', () => {
    const requested = ['Order.email', 'Nope', 'object:Order', 'Query.order(id:)', 'field:Order.nope', 'Order'];
    const answered = ['field:Order.email', 'object:Order', 'field:Query.order', 'object:Order'];
    expect(unansweredCoordinates(requested, answered)).toEqual(['Nope', 'field:Order.nope']);
  });

  it('does not take a prefixed request for another kind as answered', () => {
    expect(unansweredCoordinates(['input:Order', 'Order'], ['object:Order'])).toEqual(['input:Order']);
  });

  it('reports everything when nothing was answered', () => {
    expect(unansweredCoordinates(['a', 'object:B'], [])).toEqual(['a', 'object:B']);
  });
});
