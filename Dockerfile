# syntax=docker/dockerfile:1
# The shop's image: `docker compose up` runs it as production (compose.yaml: two instances, PostgreSQL, Redis,
# nginx with HTTPS). The same shape runs without Docker in CI: `npm run test:prod-shape` (e2e-prod/run.ts).

# --- build: every dependency, the React Router build, then only the production dependencies are kept
FROM node:24-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

# --- runtime: the build, server.ts and the production node_modules; runs as the image's `node` user
FROM node:24-slim AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=build /app/package.json /app/server.ts ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
# Generated images and uploads (unless S3_BUCKET keeps them in a bucket, as compose.yaml does), the mail outbox (and
# the SQLite file when DATABASE_URL is not set) live in /data.
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/healthz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM reaches node directly (exec form): it drains and exits 0 (README: Running it in production).
CMD ["node", "server.ts"]
