#!/usr/bin/env bash
# Backs up the product's PostgreSQL database to one file (pg_dump's custom format: compressed, restorable table
# by table, in parallel). Usage:
#   scripts/ops/backup.sh postgres://user:pass@host:5432/dance /backups/dance-$(date -u +%Y%m%dT%H%M%SZ).dump
# The dump is consistent (one snapshot) and taken while the product runs. See docs/runbooks/backups.md.
set -euo pipefail
if [ $# -ne 2 ]; then
  echo "usage: $0 DATABASE_URL OUTPUT_FILE" >&2
  exit 2
fi
url="$1"
out="$2"
mkdir -p "$(dirname "$out")"
# Write to a temporary name and rename at the end: a file with the final name is always a complete dump.
pg_dump --format=custom --compress=6 --no-owner --no-privileges --file="$out.partial" "$url"
mv "$out.partial" "$out"
echo "backup: $out ($(du -h "$out" | cut -f1))"
