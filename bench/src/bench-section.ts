/**
 * The section registry of the benchmark. A section is one file under
 * src/sections that calls registerSection() when imported; run.ts imports
 * every such file and runs the sections in name order (or those picked with
 * `--only`).
 */

export interface BenchTable {
  title: string;
  columns: string[];
  rows: (string | number)[][];
}

export interface SectionResult {
  /** Tables printed to the console. */
  tables: BenchTable[];
  /** Everything worth keeping, written to bench/results/<section>.json. */
  data: unknown;
}

export interface BenchContext {
  /** Absolute path of bench/data. */
  dataDir: string;
  /** Absolute path of bench/results (gitignored; caches live here too). */
  resultsDir: string;
  /** Arguments after `--`, for sections with options of their own. */
  args: readonly string[];
  log(message: string): void;
}

export interface BenchSection {
  /** Unique, kebab-case: what `--only` takes. */
  name: string;
  description: string;
  run(context: BenchContext): Promise<SectionResult>;
}

const sections = new Map<string, BenchSection>();

export function registerSection(section: BenchSection): void {
  if (sections.has(section.name)) throw new Error(`Bench section "${section.name}" is registered twice.`);
  sections.set(section.name, section);
}

export function registeredSections(): BenchSection[] {
  return [...sections.values()].sort((a, b) => a.name.localeCompare(b.name));
}
