# syntax=docker/dockerfile:1
# The api as compiled JavaScript under node (what deploy/k8s runs). Build from the repository root:
#   docker build -f deploy/docker/api.Dockerfile -t registry.example.com/commute-portal/api:1.0.0 .
# No secret goes into the image: DATABASE_URL, SMTP_URL and the super admin come from the
# environment at run time (the Kubernetes Secret).

# The base image is pinned by version and by digest: the tag names the release, the digest makes the
# build reproducible and immune to a re-pushed tag. The digest below is a placeholder that fails the
# pull on purpose: put in the one your registry shows for this tag
#   docker buildx imagetools inspect node:22.12.0-bookworm-slim
# (or pass --build-arg NODE_IMAGE=...@sha256:...), and change tag and digest together.
ARG NODE_IMAGE=node:22.12.0-bookworm-slim@sha256:0000000000000000000000000000000000000000000000000000000000000000

# ---- build: the whole workspace's dependencies, the api compiled, then its production dependencies alone
FROM ${NODE_IMAGE} AS build
WORKDIR /src
# pnpm at the version package.json's packageManager names.
RUN corepack enable
COPY . .
RUN pnpm install --frozen-lockfile --filter "@portal/api..."
# Emits api/dist/server.js and api/dist/migrate.js (the workspace packages, TypeScript source, bundled in).
RUN pnpm --filter @portal/api run build
# api/ with dist/, drizzle/ (the SQL migrations) and node_modules holding production dependencies only.
RUN pnpm --filter @portal/api deploy --prod --legacy /out

# ---- runtime: node, the compiled api and its production dependencies; nothing else
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    API_HOST=0.0.0.0 \
    API_PORT=5260
WORKDIR /app
# Owned by root and read-only for the user the api runs as: the code cannot be changed at run time.
COPY --from=build /out/package.json ./package.json
COPY --from=build /out/node_modules ./node_modules
COPY --from=build /out/dist ./dist
COPY --from=build /out/drizzle ./drizzle
# A numeric, non-root user, so Kubernetes' runAsNonRoot can verify it (same uid as deploy/k8s).
USER 10001:10001
EXPOSE 5260
CMD ["node", "dist/server.js"]
