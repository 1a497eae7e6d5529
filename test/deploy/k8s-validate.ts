/**
 * Schema checks for rendered Kubernetes objects, the npm stand-in for
 * `kubeconform -strict`:
 * - `validateAgainstSchema`: the Kubernetes OpenAPI schema of the object's
 *   apiVersion/kind (kubernetes-models' compiled validators): types, required
 *   fields, enums, formats;
 * - `unknownFieldErrors`: unknown or misspelt fields at any depth, found by
 *   type-checking each object as an object literal against kubernetes-models'
 *   TypeScript interfaces (excess property checks), which the JSON schemas
 *   leave open.
 */
import { join } from 'node:path';
import ts from 'typescript';
import type { K8sObject } from './kustomize-render.js';

interface ValidatingModel {
  validate(): void;
}
type ModelClass = new (data: unknown) => ValidatingModel;

/** `kubernetes-models/<group>/<version>/<Kind>` for an object's apiVersion and kind. */
export function modelModule(object: Pick<K8sObject, 'apiVersion' | 'kind'>): string {
  if (!/^[A-Za-z]+$/.test(object.kind)) throw new Error(`invalid kind ${object.kind}`);
  if (!/^([a-z0-9.-]+\/)?v[0-9a-z]+$/.test(object.apiVersion)) throw new Error(`invalid apiVersion ${object.apiVersion}`);
  return `kubernetes-models/${object.apiVersion}/${object.kind}`;
}

/** Schema errors of one object (empty when valid). Unknown apiVersion/kind is an error. */
export async function validateAgainstSchema(object: K8sObject): Promise<string[]> {
  let Model: ModelClass | undefined;
  try {
    const module = (await import(modelModule(object))) as Record<string, unknown>;
    Model = module[object.kind] as ModelClass | undefined;
  } catch (error) {
    return [`no schema for ${object.apiVersion} ${object.kind}: ${(error as Error).message}`];
  }
  if (!Model) return [`no schema for ${object.apiVersion} ${object.kind}`];
  try {
    new Model(object).validate();
    return [];
  } catch (error) {
    return [(error as Error).message];
  }
}

/**
 * Unknown-field errors for each object, keyed by its index in `objects`.
 * `repoRoot` anchors module resolution (node_modules/kubernetes-models).
 */
export function unknownFieldErrors(objects: K8sObject[], repoRoot: string): Map<number, string[]> {
  const fileName = join(repoRoot, 'test/deploy/__manifest-check__.mts');
  const lines: string[] = [];
  const lineOf: number[] = [];
  objects.forEach((object, i) => {
    lines.push(`import type { I${object.kind} as T${i} } from '${modelModule(object)}';`);
  });
  objects.forEach((object, i) => {
    lineOf[lines.length] = i;
    lines.push(`export const o${i}: T${i} = ${JSON.stringify(object)};`);
  });
  const source = lines.join('\n');
  const options: ts.CompilerOptions = {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    types: [],
  };
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, languageVersion, ...rest) =>
    name === fileName ? ts.createSourceFile(name, source, languageVersion, true) : getSourceFile(name, languageVersion, ...rest);
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (name) => name === fileName || fileExists(name);
  const readFile = host.readFile.bind(host);
  host.readFile = (name) => (name === fileName ? source : readFile(name));
  const program = ts.createProgram([fileName], options, host);
  const errors = new Map<number, string[]>();
  const diagnostics = [...program.getSyntacticDiagnostics(), ...program.getSemanticDiagnostics()];
  for (const diagnostic of diagnostics) {
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
    const line = diagnostic.file && diagnostic.start !== undefined ? diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start).line : -1;
    const index = lineOf[line];
    if (index === undefined) throw new Error(`manifest type check failed outside any object: ${message}`);
    errors.set(index, [...(errors.get(index) ?? []), message]);
  }
  return errors;
}
