# The ExecBoard application image (web and workers share it). Build from the repository root,
# recording the commit it is built from (results name it in their provenance):
#   docker build -f docker/app.Dockerfile --build-arg GIT_COMMIT=$(git rev-parse HEAD) -t execboard-app .
# Without GIT_COMMIT the image records no commit and results say it is unknown.
# NODE_IMAGE swaps the base for an equivalent one (docker/offline/build-images.sh builds one
# without a registry).
ARG NODE_IMAGE=node:20-bookworm-slim
FROM ${NODE_IMAGE}

# Workers reach the host's Docker engine through its socket with dockerode (no docker CLI in
# the image); curl serves the compose health check. OpenBLAS and a C toolchain build the
# ranking addon (native/blas; without it ranking runs on WebAssembly, same results, slower).
RUN apt-get update \
 && apt-get install -y --no-install-recommends ca-certificates curl libopenblas-dev python3 make g++ \
 && rm -rf /var/lib/apt/lists/*

WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1 NODE_ENV=production
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund --include=dev
COPY . .
RUN bash scripts/build-native.sh \
 && DATABASE_URL=postgresql://build/placeholder npx prisma generate && node_modules/.bin/next build

# Last, so a new commit reuses every layer above. lib/provenance/execboard-version.ts reads
# EXECBOARD_GIT_COMMIT (the image has no .git); empty means unknown.
ARG GIT_COMMIT=
ENV EXECBOARD_GIT_COMMIT=${GIT_COMMIT}
LABEL org.opencontainers.image.revision="${GIT_COMMIT}" org.opencontainers.image.title="execboard-app" \
      org.execboard.component="app"

EXPOSE 3000
CMD ["node", "bin/execboard.mjs", "web", "--port", "3000", "--host", "0.0.0.0"]
