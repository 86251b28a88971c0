#!/usr/bin/env node
// Runs before `pnpm install`, `pnpm dev` and `pnpm test`: stops with what to do when this Node is older than the
// root package.json's engines (Node 20 is past its end of life and the current majors of the stack need 22.22).
import { readFileSync } from 'node:fs';

const { engines } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const minimum = engines.node.replace(/^>=/, '').split('.').map(Number);
const current = process.versions.node.split('.').map(Number);
const isOlder = minimum.some((part, index) => {
  const earlierPartsEqual = minimum.slice(0, index).every((value, i) => value === current[i]);
  return earlierPartsEqual && (current[index] ?? 0) < part;
});

if (isOlder) {
  console.error(
    [
      `This project needs Node ${engines.node}; this is Node ${process.versions.node}.`,
      'Install Node 24 LTS, or run this once in the checkout to use it from .tools/ (no root needed):',
      '',
      '  . scripts/use-node.sh',
      '',
      'then run the command again in the same shell.',
    ].join('\n'),
  );
  process.exit(1);
}
