/**
 * Runs the CLI in process with captured streams, for the CLI's tests.
 */
import { Readable, Writable } from 'node:stream';
import { runCli } from '../src/cli.js';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

class Capture extends Writable {
  text = '';
  isTTY = false;
  override _write(chunk: Buffer | string, _encoding: BufferEncoding, callback: () => void): void {
    this.text += chunk.toString();
    callback();
  }
}

export async function runWith(args: string[], env: Record<string, string | undefined>, stdin = ''): Promise<CliRun> {
  const stdout = new Capture();
  const stderr = new Capture();
  const code = await runCli(args, { env, stdin: Readable.from([stdin]), stdout, stderr });
  return { code, stdout: stdout.text, stderr: stderr.text };
}
