# Four Banners: the server (and the built web app it serves) on one port; the SQLite file lives on /data.
# Build: docker build -t four-banners .   Run: docker compose up (see docker-compose.yml).

# Node.js 24, the LTS line the project runs on (package.json "engines").
FROM node:24-bookworm-slim AS build
WORKDIR /app
# better-sqlite3 13 ships its native module prebuilt for Linux (glibc and musl, x64 and arm64) inside the
# package, so nothing is compiled and no build tools are needed.
COPY package.json package-lock.json tsconfig.json ./
COPY libs/engine/package.json libs/engine/
COPY libs/protocol/package.json libs/protocol/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN npm ci --no-audit --no-fund
COPY libs libs
COPY apps apps
COPY migrations migrations
# Builds every workspace in order: engine → protocol → server → web.
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:24-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATABASE_PATH=/data/four-banners.db
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules node_modules
COPY --from=build /app/libs/engine/package.json libs/engine/
COPY --from=build /app/libs/engine/dist libs/engine/dist
COPY --from=build /app/libs/protocol/package.json libs/protocol/
COPY --from=build /app/libs/protocol/dist libs/protocol/dist
COPY --from=build /app/apps/server/package.json apps/server/
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/web/package.json apps/web/
COPY --from=build /app/apps/web/dist apps/web/dist
COPY --from=build /app/migrations migrations
RUN mkdir -p /data && chown node:node /data
VOLUME /data
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=3s --start-period=10s \
  CMD node -e "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
# SIGTERM reaches node directly (exec form), which closes sockets and the database cleanly. The young
# generation is capped at 16 MB a half (Node 24 sizes it by the machine's memory: 64 MB, some 120 MB more
# resident for nothing a game server needs; OPERATIONS §4.5).
CMD ["node", "--max-semi-space-size=16", "apps/server/dist/main.js"]
