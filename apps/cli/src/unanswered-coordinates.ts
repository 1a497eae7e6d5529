/**
 * The requested coordinates a GetSymbols answer left out. The answer keeps
 * request order and names each symbol by its `<kind>:<name>` coordinate, also
 * when a plain name was asked (`Order.email` is answered by
 * `field:Order.email`, `Query.order(id:)` by `field:Query.order`).
 */
export function unansweredCoordinates(requested: readonly string[], answered: readonly string[]): string[] {
  const missing: string[] = [];
  let next = 0;
  for (const coordinate of requested) {
    if (next < answered.length && answers(answered[next]!, coordinate)) next++;
    else missing.push(coordinate);
  }
  return missing;
}

function answers(canonical: string, requested: string): boolean {
  if (canonical === requested) return true;
  const name = requested.replace(/\([^():]+:\)$/, '');
  return !name.includes(':') && canonical.slice(canonical.indexOf(':') + 1) === name;
}
