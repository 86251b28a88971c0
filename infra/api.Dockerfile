# syntax=docker/dockerfile:1.7
# The API image: builds apps/api into one bundle (dist/server.js) and runs it with production
# dependencies only. One image, three uses, chosen by the environment:
#   APP_ROLE=web     HTTP only (the web replicas behind the balancer)
#   APP_ROLE=worker  jobs only: transcodes, deliveries, crons (HTTP only for /health and /ready)
#   APP_ROLE=all     both (the default; the only choice on the embedded database)
#   command node apps/api/dist/migrate.js   applies the migrations once and exits (the deploy's migrate step)
# Build from the repository root:
#   docker build -f infra/api.Dockerfile -t dance-api .

ARG NODE_VERSION=24.21
ARG PNPM_VERSION=10.34.9

# ---- base: Node (Debian, glibc, so @node-rs/argon2's prebuilt binary loads) and pnpm ----
FROM node:${NODE_VERSION}-bookworm-slim AS base
ARG PNPM_VERSION
ENV PNPM_HOME=/pnpm \
    PATH=/pnpm:$PATH \
    CI=true
# corepack cannot verify signatures everywhere; install pnpm from the registry instead.
RUN npm install -g pnpm@${PNPM_VERSION} && pnpm --version
WORKDIR /repo

# ---- manifests: every workspace manifest (so the lockfile matches the workspace), no sources,
# so the dependency layers stay cached until a manifest or the lockfile changes ----
FROM base AS manifests
COPY package.json pnpm-lock.yaml pnpm-workspace.yaml .npmrc ./
# The root package's preinstall runs this Node version check: `pnpm install` fails without it.
COPY scripts/check-node.mjs scripts/
COPY apps/api/package.json apps/api/
COPY apps/member/package.json apps/member/
COPY apps/admin/package.json apps/admin/
COPY packages/api-client/package.json packages/api-client/
COPY packages/config/package.json packages/config/
COPY packages/domain/package.json packages/domain/
COPY packages/ui/package.json packages/ui/

# ---- build: all dependencies of the API, then the bundle ----
FROM manifests AS build
RUN --mount=type=cache,id=pnpm-store,target=/pnpm/store \
    pnpm config set store-dir /pnpm/store && \
    pnpm install --frozen-lockfile --filter "@dance/api..."
COPY packages/config packages/config
COPY packages/domain packages/domain
COPY apps/api apps/api
RUN pnpm --filter @dance/api build && test -f apps/api/dist/server.js && test -f apps/api/dist/migrate.js

# ---- prod-deps: third-party runtime dependencies only (no dev tools, no build tools) ----
FROM manifests AS prod-deps
RUN --mount=type=cache,id=pnpm-store,target=/pnpm/store \
    pnpm config set store-dir /pnpm/store && \
    pnpm install --frozen-lockfile --prod --filter "@dance/api..."

# ---- runtime ----
FROM node:${NODE_VERSION}-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    APP_ROLE=all \
    METRICS_PORT=9464 \
    METRICS_HOST=0.0.0.0 \
    DATA_DIR=/data
WORKDIR /app
# node_modules keep pnpm's layout (symlinks into node_modules/.pnpm), so copy the tree as it is.
COPY --from=prod-deps /repo/node_modules ./node_modules
COPY --from=prod-deps /repo/apps/api/node_modules ./apps/api/node_modules
COPY --from=prod-deps /repo/packages/domain/node_modules ./packages/domain/node_modules
COPY --from=build /repo/apps/api/package.json ./apps/api/package.json
COPY --from=build /repo/apps/api/dist ./apps/api/dist
# Migrations: dist/migrate.js (or the server with MIGRATE_ON_START=true) finds them at ../drizzle from dist/.
COPY --from=build /repo/apps/api/drizzle ./apps/api/drizzle
RUN mkdir -p /data && chown node:node /data
USER node
# 3000: the API (web) or the probes (worker); 9464: Prometheus metrics, for the cluster network only.
EXPOSE 3000 9464
VOLUME ["/data"]
# Liveness; readiness (/ready, database reachable) is for the orchestrator or proxy.
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# On SIGTERM the server answers /ready 503 for SHUTDOWN_GRACE_MS (default 5 s) while still serving, then stops
# listening and lets in-flight requests finish (it gives up SHUTDOWN_GRACE_MS + 20 s after the signal): give it a
# stop grace period of 30 s.
STOPSIGNAL SIGTERM
CMD ["node", "apps/api/dist/server.js"]
