/**
 * Name and coordinate probes: what an agent types when it already knows an
 * element's name (from a record, a log, an error). From each schema, the
 * fields whose name occurs on exactly one type, drawn with a fixed seed (a
 * third from the mutation root where there is one); each is asked by its bare
 * name (`refundCreate`) and by its coordinate (`Mutation.refundCreate`), and
 * scores when the first hit is that field.
 */
import type { SchemaSymbol } from '@discovery/schema-symbols';

export interface NameProbe {
  /** `field:Type.name` */
  coordinate: string;
  /** The bare field name. */
  name: string;
  /** `Type.name` */
  typeDotField: string;
  mutation: boolean;
}

/** Deterministic PRNG (mulberry32), so every run draws the same probes. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function draw<T>(items: readonly T[], count: number, next: () => number): T[] {
  const pool = [...items];
  const out: T[] = [];
  while (out.length < count && pool.length > 0) out.push(pool.splice(Math.floor(next() * pool.length), 1)[0]!);
  return out;
}

/** Draws `count` probes (a third from the mutation root when it has enough unique names). */
export function nameProbes(symbols: readonly SchemaSymbol[], mutationRoot: string | undefined, count = 120, seed = 20261201): NameProbe[] {
  const owners = new Map<string, Set<string>>();
  const fields = symbols.filter((s) => s.kind === 'field' && s.parent !== undefined);
  for (const s of fields) {
    const name = s.name.slice(s.name.lastIndexOf('.') + 1);
    const set = owners.get(name) ?? new Set<string>();
    set.add(s.parent!);
    owners.set(name, set);
  }
  const unique = fields
    .map((s) => {
      const name = s.name.slice(s.name.lastIndexOf('.') + 1);
      const owner = s.parent!.slice(s.parent!.indexOf(':') + 1);
      return { coordinate: s.coordinate, name, typeDotField: `${owner}.${name}`, mutation: owner === mutationRoot };
    })
    .filter((p) => owners.get(p.name)!.size === 1);
  const next = random(seed);
  const mutations = draw(
    unique.filter((p) => p.mutation),
    Math.floor(count / 3),
    next,
  );
  return [
    ...mutations,
    ...draw(
      unique.filter((p) => !p.mutation),
      count - mutations.length,
      next,
    ),
  ];
}
