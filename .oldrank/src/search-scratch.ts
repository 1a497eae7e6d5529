/**
 * Per-thread scratch memory of a search: the score of every symbol, the
 * candidate positions and a set of positions, reused from one search to the
 * next instead of allocated per call (a search touches thousands of
 * positions, and garbage per request is what makes a busy server pause).
 * Safe because a search runs synchronously from start to end and nothing
 * keeps these arrays after it returns.
 */

let scores = new Float64Array(0);
let positions = new Int32Array(0);
let stamps = new Uint32Array(0);
let stamp = 0;

/** All-zero scores for `size` symbols. */
export function scoreBuffer(size: number): Float64Array {
  if (scores.length < size) scores = new Float64Array(size);
  const view = scores.subarray(0, size);
  view.fill(0);
  return view;
}

/** Room for up to `size` positions (contents undefined). */
export function positionBuffer(size: number): Int32Array {
  if (positions.length < size) positions = new Int32Array(size);
  return positions;
}

/** A set of positions in [0, size): a stamp per position, so starting a new set clears nothing. */
export interface PositionSet {
  add(position: number): void;
  has(position: number): boolean;
}

export function emptyPositionSet(size: number): PositionSet {
  if (stamps.length < size) {
    stamps = new Uint32Array(size);
    stamp = 0;
  }
  if (stamp === 0xffffffff) {
    stamps.fill(0);
    stamp = 0;
  }
  const current = ++stamp;
  const marks = stamps;
  return {
    add: (position) => {
      marks[position] = current;
    },
    has: (position) => marks[position] === current,
  };
}
