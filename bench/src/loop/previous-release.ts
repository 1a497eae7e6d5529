/**
 * The previous release's model loop, for measuring it beside the current one
 * in the same run: libs/generation/src at a git ref (default: the last main
 * before issue 27) is extracted into bench/results/cache, compiled with the
 * repository's swc settings and imported; its own imports of other libraries
 * resolve to this checkout's builds, as they did at that commit. Undefined
 * when git or the ref is not there (a tarball, a shallow clone).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** main at df018a6: the loop before context fitting, plain-SDL slices and single slicing. */
export const PREVIOUS_RELEASE = 'df018a6';

export interface PreviousLoop {
  ref: string;
  /** The previous `QueryGenerator` (constructor: an `openai` client and options with `model`). */
  QueryGenerator: new (
    client: unknown,
    options: Record<string, unknown>,
  ) => { generate(index: unknown, prompt: string): Promise<unknown> };
  QueryComposer: new (options: { allowMutations: boolean }) => unknown;
}

export async function loadPreviousLoop(
  root: string,
  cacheDir: string,
  ref = PREVIOUS_RELEASE,
  log: (message: string) => void = () => undefined,
): Promise<PreviousLoop | undefined> {
  const dir = join(cacheDir, `generation-${ref}`);
  const out = join(dir, 'dist');
  try {
    if (!existsSync(join(out, 'query-generator.js'))) {
      rmSync(dir, { recursive: true, force: true });
      mkdirSync(dir, { recursive: true });
      const archive = execFileSync('git', ['-C', root, 'archive', ref, 'libs/generation/src'], { maxBuffer: 64 << 20 });
      execFileSync('tar', ['-x', '-C', dir], { input: archive });
      execFileSync(join(root, 'node_modules/.bin/swc'), ['src', '-d', out, '--strip-leading-paths', '--config-file', join(root, 'swc.build.json')], {
        cwd: join(dir, 'libs/generation'),
        stdio: 'pipe',
      });
      writeFileSync(join(out, 'package.json'), '{"type": "module"}\n');
    }
    const base = out;
    const generator = (await import(pathToFileURL(join(base, 'query-generator.js')).href)) as { QueryGenerator: PreviousLoop['QueryGenerator'] };
    const composer = (await import(pathToFileURL(join(base, 'compose/query-composer.js')).href)) as { QueryComposer: PreviousLoop['QueryComposer'] };
    return { ref, QueryGenerator: generator.QueryGenerator, QueryComposer: composer.QueryComposer };
  } catch (error) {
    log(`generate-loop: the previous release (${ref}) could not be loaded: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
    return undefined;
  }
}
