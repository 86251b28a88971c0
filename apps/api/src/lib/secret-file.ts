import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * The content of a file generated once under DATA_DIR (a secret, a key pair). Processes starting together on
 * one machine (web and worker roles) agree on one value: the first to link its file wins, the others read it.
 */
export function readOrCreateFile(file: string, create: () => string): string {
  mkdirSync(dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(temp, create(), { mode: 0o600 });
  try {
    // link() fails when the file exists, and the file appears complete: never half written.
    linkSync(temp, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    rmSync(temp, { force: true });
  }
  return readFileSync(file, 'utf8');
}
