# Build stage: dev dependencies, island bundles and the server bundle.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev

# Run stage: production dependencies only, as the unprivileged "node" user.
FROM node:24-bookworm-slim
# Liberation Sans draws the résumé PDF (embedded) and the link preview image (librsvg finds it through
# fontconfig); DejaVu is librsvg's fallback for letters Liberation lacks.
RUN apt-get update \
 && apt-get install -y --no-install-recommends fonts-liberation fonts-dejavu-core fontconfig \
 && rm -rf /var/lib/apt/lists/*
# MALLOC_ARENA_MAX: glibc gives each thread that allocates (libuv's pool, libvips' workers) its own heap arena,
# and photo decoding leaves each one fragmented; two arenas hold ~65 MB less at the same photo throughput
# (docs/decisions.md, "Two malloc arenas").
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/app/data \
    MALLOC_ARENA_MAX=2
WORKDIR /app
COPY --from=build --chown=node:node /app/package.json ./
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/dist ./dist
COPY --from=build --chown=node:node /app/seeds/data ./seeds/data
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
VOLUME ["/app/data"]
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/health').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
CMD ["node", "dist/server.js"]
