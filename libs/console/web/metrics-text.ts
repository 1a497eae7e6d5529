/** Reads figures from Prometheus's text exposition (what /metrics answers). */

/** The sum of every sample of `name` whose labels include `labels`. */
export function sumSamples(text: string, name: string, labels: Record<string, string>): number {
  let sum = 0;
  for (const line of text.split('\n')) {
    if (!line.startsWith(name) || (line[name.length] !== '{' && line[name.length] !== ' ')) continue;
    const open = line.indexOf('{');
    const close = line.lastIndexOf('}');
    const own = open === name.length ? line.slice(open + 1, close) : '';
    const found = Object.fromEntries([...own.matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]));
    if (!Object.entries(labels).every(([key, value]) => found[key] === value)) continue;
    const value = Number(
      line
        .slice((close > 0 ? close : name.length) + 1)
        .trim()
        .split(' ')[0],
    );
    if (Number.isFinite(value)) sum += value;
  }
  return sum;
}
