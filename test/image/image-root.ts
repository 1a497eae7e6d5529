/**
 * The built image's file system, run without a container engine: `podman image mount`, then
 * /dev, /proc and a private /tmp bound into it, and its entrypoint started with `chroot` as the
 * image's user (starting containers is refused on these machines: crun's setrlimit). Processes
 * share the host's network, so services answer on 127.0.0.1.
 */
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { trackProcess, type RunningService } from '../deploy/service-process.js';

export interface ImageConfig {
  user: string;
  env: Record<string, string>;
  entrypoint: string[];
  workingDir: string;
  sizeBytes: number;
}

export function inspectImage(tag: string): ImageConfig {
  const [info] = JSON.parse(execFileSync('podman', ['image', 'inspect', tag], { encoding: 'utf8' })) as Array<{
    Config: { User?: string; Env?: string[]; Entrypoint?: string[]; WorkingDir?: string };
    Size: number;
  }>;
  if (!info) throw new Error(`no image ${tag}`);
  const env = Object.fromEntries((info.Config.Env ?? []).map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]));
  return { user: info.Config.User ?? '', env, entrypoint: info.Config.Entrypoint ?? [], workingDir: info.Config.WorkingDir ?? '/', sizeBytes: info.Size };
}

export class ImageRoot {
  private readonly mounts: string[] = [];
  readonly tmp: string;

  private constructor(
    readonly tag: string,
    readonly path: string,
    readonly config: ImageConfig,
  ) {
    this.tmp = mkdtempSync(join(tmpdir(), 'image-tmp-'));
    chmodSync(this.tmp, 0o1777);
  }

  static mount(tag: string): ImageRoot {
    const path = execFileSync('podman', ['image', 'mount', tag], { encoding: 'utf8' }).trim();
    const root = new ImageRoot(tag, path, inspectImage(tag));
    root.bind(['--bind', '/dev', `${path}/dev`]);
    root.bind(['-t', 'proc', 'proc', `${path}/proc`]);
    root.bind(['--bind', root.tmp, `${path}/tmp`]);
    return root;
  }

  /** uid:gid of a user of the image's /etc/passwd. */
  ids(user: string): { uid: number; gid: number } {
    const line = readFileSync(join(this.path, 'etc/passwd'), 'utf8')
      .split('\n')
      .find((l) => l.split(':')[0] === user || l.split(':')[2] === user);
    if (!line) throw new Error(`user ${user} is not in the image's /etc/passwd`);
    const [, , uid, gid] = line.split(':');
    return { uid: Number(uid), gid: Number(gid) };
  }

  /** Starts the image's entrypoint with `args`, as its user and with its environment plus `env`. */
  start(args: string[], env: Record<string, string>): RunningService {
    const { uid, gid } = this.ids(this.config.user);
    const child = spawn(
      'chroot',
      [`--userspec=${uid}:${gid}`, this.path, 'sh', '-c', `cd ${this.config.workingDir} && exec "$@"`, 'sh', ...this.config.entrypoint, ...args],
      {
        env: { HOME: '/tmp', ...this.config.env, ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    return trackProcess(child, args[0] ?? 'image');
  }

  close(): void {
    for (const target of this.mounts.reverse()) execFileSync('umount', [target]);
    this.mounts.length = 0;
    execFileSync('podman', ['image', 'unmount', this.tag]);
    rmSync(this.tmp, { recursive: true, force: true });
  }

  private bind(args: string[]): void {
    execFileSync('mount', args);
    this.mounts.push(args[args.length - 1]!);
  }
}
