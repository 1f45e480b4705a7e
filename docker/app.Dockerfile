# The ExecBoard application image (web and workers share it). Build from the repository root:
#   docker build -f docker/app.Dockerfile -t execboard-app .
FROM node:20-bookworm-slim

# The worker talks to the host's Docker engine through its socket; the CLI is enough for
# the image checks in scripts/ensure-sandbox-image.sh.
RUN apt-get update \
 && apt-get install -y --no-install-recommends docker.io ca-certificates curl \
 && rm -rf /var/lib/apt/lists/*

WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1 NODE_ENV=production
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund --include=dev
COPY . .
RUN DATABASE_URL=postgresql://build/placeholder npx prisma generate && node_modules/.bin/next build

EXPOSE 3000
CMD ["node_modules/.bin/next", "start", "-p", "3000", "-H", "0.0.0.0"]
