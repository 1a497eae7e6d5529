/**
 * Selection of the best positions by score, the hot path of every search: the
 * limit-th best score is found by quickselect over a reused scratch array
 * (linear time, no allocation), and only the positions at or above it are
 * sorted. Order: descending score, ties by ascending position, so results are
 * deterministic.
 */

let scratch = new Float64Array(1024);

/** Comparator of positions by descending score, ties by position. */
export function byRank(scores: Float64Array): (a: number, b: number) => number {
  return (a, b) => scores[b]! - scores[a]! || a - b;
}

/** The `limit` best of `positions` (best first). */
export function topK(positions: ArrayLike<number>, scores: Float64Array, limit: number): number[] {
  return selectTop(positions, scores, limit).sort(byRank(scores));
}

/**
 * The `limit` best of `positions` in no particular order (for stages that do not need it):
 * everything above the limit-th best score, then the ties at it by ascending position, up to
 * `tieLimit` in all (`limit` by default; more keeps a tie from being cut by position).
 */
export function selectTop(positions: ArrayLike<number>, scores: Float64Array, limit: number, tieLimit = limit): number[] {
  const n = positions.length;
  if (limit <= 0 || n === 0) return [];
  if (n <= limit) return Array.from(positions);
  if (scratch.length < n) scratch = new Float64Array(Math.max(n, scratch.length * 2));
  const values = scratch;
  for (let k = 0; k < n; k++) values[k] = scores[positions[k]!]!;
  const threshold = kthSmallest(values, n, n - limit);
  const above: number[] = [];
  const ties: number[] = [];
  for (let k = 0; k < n; k++) {
    const p = positions[k]!;
    const s = scores[p]!;
    if (s > threshold) above.push(p);
    else if (s === threshold) ties.push(p);
  }
  const room = Math.max(limit, tieLimit) - above.length;
  if (ties.length > room) {
    ties.sort((a, b) => a - b);
    ties.length = room;
  }
  for (const p of ties) above.push(p);
  return above;
}

/** The k-th smallest (0-based) of values[0, n); reorders that range. */
export function kthSmallest(values: Float64Array, n: number, k: number): number {
  let lo = 0;
  let hi = n - 1;
  while (hi > lo) {
    // Median of three as the pivot, then a Hoare partition.
    const mid = (lo + hi) >>> 1;
    if (values[mid]! < values[lo]!) swap(values, mid, lo);
    if (values[hi]! < values[lo]!) swap(values, hi, lo);
    if (values[hi]! < values[mid]!) swap(values, hi, mid);
    const pivot = values[mid]!;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (values[i]! < pivot) i++;
      while (values[j]! > pivot) j--;
      if (i <= j) {
        swap(values, i, j);
        i++;
        j--;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return values[k]!;
  }
  return values[k]!;
}

function swap(values: Float64Array, a: number, b: number): void {
  const t = values[a]!;
  values[a] = values[b]!;
  values[b] = t;
}
