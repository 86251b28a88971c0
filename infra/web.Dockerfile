# syntax=docker/dockerfile:1.7
# The static image: builds the member app and the admin console (static SPAs) and serves them with Caddy,
# which also balances /api/* on both hosts over the API's web replicas (API_UPSTREAMS, the load-balancing block
# of infra/Caddyfile that `pnpm test:scale` runs). Build from the repository root:
#   docker build -f infra/web.Dockerfile -t dance-web \
#     --build-arg VITE_MEMBER_URL=https://dancetraining.example \
#     --build-arg VITE_ADMIN_URL=https://admin.dancetraining.example .

ARG NODE_VERSION=24.21
ARG PNPM_VERSION=10.34.9
ARG CADDY_VERSION=2.10

# ---- build ----
FROM node:${NODE_VERSION}-bookworm-slim AS build
ARG PNPM_VERSION
ENV PNPM_HOME=/pnpm \
    PATH=/pnpm:$PATH \
    CI=true
RUN npm install -g pnpm@${PNPM_VERSION} && pnpm --version
WORKDIR /repo
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
RUN --mount=type=cache,id=pnpm-store,target=/pnpm/store \
    pnpm config set store-dir /pnpm/store && \
    pnpm install --frozen-lockfile --filter "@dance/member..." --filter "@dance/admin..."
COPY packages packages
COPY apps/member apps/member
COPY apps/admin apps/admin
# Each app links to the other (an admin logging in on the member app lands on the admin console).
ARG VITE_MEMBER_URL=https://localhost
ARG VITE_ADMIN_URL=https://admin.localhost
ENV VITE_MEMBER_URL=${VITE_MEMBER_URL} \
    VITE_ADMIN_URL=${VITE_ADMIN_URL}
RUN pnpm --filter @dance/member --filter @dance/admin build \
 && test -f apps/member/dist/index.html && test -f apps/admin/dist/index.html \
 && test -f apps/member/dist-ssr/entry-server.js

# ---- member-render: a guest's first screen rendered on the server (decision 0071) ----
# The member build's index.html and its server bundle (everything bundled in: no node_modules), run by
# apps/member/render-server.mjs. Build it with `--target member-render`; Caddy reaches it as MEMBER_RENDER.
FROM node:${NODE_VERSION}-bookworm-slim AS member-render
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /repo/apps/member/render-server.mjs ./
COPY --from=build /repo/apps/member/dist ./dist
COPY --from=build /repo/apps/member/dist-ssr ./dist-ssr
USER node
EXPOSE 3100
HEALTHCHECK --interval=15s --timeout=3s --start-period=10s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:3100/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
CMD ["node", "render-server.mjs"]

# ---- runtime: Caddy with the two builds (the default target) ----
FROM caddy:${CADDY_VERSION} AS runtime
COPY infra/Caddyfile /etc/caddy/Caddyfile
COPY --from=build /repo/apps/member/dist /srv/member
COPY --from=build /repo/apps/admin/dist /srv/admin
EXPOSE 80 443 443/udp
# The caddy image's CMD runs: caddy run --config /etc/caddy/Caddyfile --adapter caddyfile
