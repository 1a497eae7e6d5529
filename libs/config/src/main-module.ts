/** Whether the module at `moduleUrl` is the script Node was started with (symlinks and odd paths resolved). */
import { realpathSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

export function isMainModule(moduleUrl: string, script: string | undefined = process.argv[1]): boolean {
  if (!script) return false;
  try {
    return moduleUrl === pathToFileURL(realpathSync(script)).href;
  } catch {
    return false; // the script path no longer exists: not us
  }
}
