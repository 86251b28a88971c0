#!/usr/bin/env bash
# Restores a dump of scripts/ops/backup.sh into a NEW, empty database (never over the live one: point the API at
# the restored database once it is checked). Usage:
#   scripts/ops/restore.sh /backups/dance-20260101T000000Z.dump postgres://user:pass@host:5432/dance_restored
# The target database must exist and be empty (createdb). See docs/runbooks/backups.md.
set -euo pipefail
if [ $# -ne 2 ]; then
  echo "usage: $0 DUMP_FILE TARGET_DATABASE_URL" >&2
  exit 2
fi
dump="$1"
url="$2"
# One transaction when restored serially would be slow on big tables; --jobs restores tables and indexes in
# parallel, and --exit-on-error stops at the first problem instead of leaving a half-restored database silently.
pg_restore --no-owner --no-privileges --exit-on-error --jobs="${RESTORE_JOBS:-2}" --dbname="$url" "$dump"
# Fresh statistics so the first queries are planned well.
psql --quiet --no-psqlrc --command="analyze" "$url"
echo "restore: $dump -> database restored"
