import os from "node:os";
import path from "node:path";
import { z } from "zod";

// The only module that reads process.env. Everything else asks getConfig().
const schema = z.object({
  DATABASE_URL: z.string().url().optional(),
  REDIS_URL: z.string().url().optional(),
  EXECBOARD_DATA_DIR: z.string().default(path.resolve(process.cwd(), "var/data")),
  // Where accepted uploads are kept (lib/storage): "local" under EXECBOARD_DATA_DIR/uploads
  // (one machine, or a directory every machine mounts), or "s3": an S3-compatible object store
  // that workers on any machine read from (EXECBOARD_DATA_DIR then holds only this machine's
  // in-flight uploads and working copies).
  EXECBOARD_STORAGE: z.enum(["local", "s3"]).default("local"),
  EXECBOARD_S3_ENDPOINT: z.string().url().optional(),
  EXECBOARD_S3_REGION: z.string().default("us-east-1"),
  EXECBOARD_S3_BUCKET: z.string().optional(),
  EXECBOARD_S3_PREFIX: z.string().default(""),
  EXECBOARD_S3_ACCESS_KEY_ID: z.string().optional(),
  EXECBOARD_S3_SECRET_ACCESS_KEY: z.string().optional(),
  // Path-style URLs (http://host/bucket/key), which most S3-compatible servers want.
  EXECBOARD_S3_FORCE_PATH_STYLE: z
    .enum(["0", "1", "true", "false"])
    .default("1")
    .transform((v) => v === "1" || v === "true"),
  EXECBOARD_SANDBOX_BACKEND: z.enum(["auto", "docker", "process"]).default("auto"),
  EXECBOARD_SANDBOX_IMAGE: z.string().default("execboard-sandbox:1"),
  EXECBOARD_SANDBOX_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(Math.max(1, os.cpus().length)),
  EXECBOARD_DOCKER_SOCKET: z.string().default("/var/run/docker.sock"),
  // Interpreter for the process sandbox backend; a fast system Python, never a pyenv shim.
  EXECBOARD_SANDBOX_PYTHON: z.string().default("/usr/bin/python3.11"),
  // The process backend isolates with bubblewrap; where it (or cgroups) is missing it refuses
  // untrusted code unless this is set (trusted code only: development, demos).
  EXECBOARD_SANDBOX_BWRAP: z.string().default("/usr/bin/bwrap"),
  EXECBOARD_SANDBOX_ALLOW_UNCONTAINED: z
    .enum(["0", "1", "true", "false"])
    .default("0")
    .transform((v) => v === "1" || v === "true"),
  EXECBOARD_UPLOAD_MAX_BYTES: z.coerce.number().int().positive().default(512 * 1024 * 1024),
  // Resumable uploads (lib/intake): the largest file a session accepts (also the most its
  // arrays may inflate to), the largest chunk one PUT may carry, and how long an idle session
  // is kept before its bytes are deleted.
  EXECBOARD_UPLOAD_SESSION_MAX_BYTES: z.coerce.number().int().positive().default(8 * 1024 ** 3),
  EXECBOARD_UPLOAD_CHUNK_MAX_BYTES: z.coerce.number().int().positive().default(256 * 1024 ** 2),
  EXECBOARD_UPLOAD_SESSION_TTL_HOURS: z.coerce.number().int().min(1).max(24 * 30).default(24),
  // Disk space under EXECBOARD_DATA_DIR that uploads may never claim: a new resumable upload is
  // refused (507) unless the bytes every unfinished upload may still send, its own included,
  // fit in the free space minus this.
  EXECBOARD_UPLOAD_DISK_HEADROOM_BYTES: z.coerce.number().int().min(0).default(2 * 1024 ** 3),
  // Where the CLI keeps its resumable-upload state (default ~/.execboard).
  EXECBOARD_STATE_DIR: z.string().optional(),
  // The commit this build runs, for provenance when the checkout has no .git (e.g. an image).
  // Empty counts as unset: an image built without the GIT_COMMIT build arg has it empty, and
  // its results then record the commit as unknown (lib/provenance/execboard-version.ts).
  EXECBOARD_GIT_COMMIT: z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
    z.string().regex(/^[0-9a-f]{7,40}$/).optional(),
  ),
  // Ranking's float32 filter runs on the system OpenBLAS through native/blas when that addon is
  // built ("auto"); "off" keeps it on the WebAssembly kernels. The ranking is the same either way.
  EXECBOARD_NATIVE_BLAS: z.enum(["auto", "off"]).default("auto"),
  EXECBOARD_WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(2),
  // Execution fans out as jobs of this many pairs; each worker runs this many such jobs at once.
  EXECBOARD_EXECUTE_CHUNK: z.coerce.number().int().min(1).max(256).default(64),
  EXECBOARD_EXECUTE_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(2),
  // How long a worker holds a job before others may take it over as stalled (it renews the
  // lock while alive, so this bounds the recovery time after a worker dies).
  EXECBOARD_JOB_LOCK_MS: z.coerce.number().int().min(1000).max(3_600_000).default(60_000),
  // The reaper (workers/reaper.ts): how often it looks, when a running submission counts as
  // stale (no status or progress change), and the age at which any running submission fails.
  EXECBOARD_REAPER_INTERVAL_MS: z.coerce.number().int().min(100).default(60_000),
  EXECBOARD_STALE_MS: z.coerce.number().int().min(1000).default(15 * 60_000),
  EXECBOARD_HARD_DEADLINE_MS: z.coerce.number().int().min(1000).default(6 * 3600_000),
  EXECBOARD_QUEUE_PREFIX: z.string().default("execboard"),
  EXECBOARD_URL: z.string().url().default("http://localhost:3000"),
  EXECBOARD_TOKEN: z.string().optional(),
  // Accounts and access (README: Tokens, sign-in and quotas).
  // How long an access request's claim code stays good (lib/access): the decision must come
  // and the account be claimed within it.
  EXECBOARD_ACCESS_CODE_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(14),
  // Access requests per client address per day (0: off).
  EXECBOARD_ACCESS_REQUESTS_PER_IP_PER_DAY: z.coerce.number().int().min(0).default(5),
  EXECBOARD_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(90),
  EXECBOARD_SESSION_TTL_HOURS: z.coerce.number().int().min(1).max(24 * 90).default(24 * 7),
  EXECBOARD_QUOTA_PER_DAY: z.coerce.number().int().min(0).default(10),
  EXECBOARD_QUOTA_TOTAL: z.coerce.number().int().min(0).default(100),
  EXECBOARD_QUOTA_CONCURRENT: z.coerce.number().int().min(0).default(3),
  // Requests per window on /api/v1, per API token and per client IP; 0 turns a limit off.
  EXECBOARD_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  EXECBOARD_RATE_LIMIT_PER_TOKEN: z.coerce.number().int().min(0).default(600),
  EXECBOARD_RATE_LIMIT_PER_IP: z.coerce.number().int().min(0).default(1200),
  // Pages (and downloads) per client IP and window, and sign-in attempts per client IP.
  EXECBOARD_RATE_LIMIT_PAGES_PER_IP: z.coerce.number().int().min(0).default(600),
  EXECBOARD_RATE_LIMIT_SIGNIN_PER_IP: z.coerce.number().int().min(0).default(30),
  // Memory the web process may keep public pages in for signed-out readers (lib/http/page-cache.ts),
  // in MiB; 0 turns the page cache off. Pages are valid while the reader stamp is unchanged.
  EXECBOARD_PAGE_CACHE_MB: z.coerce.number().int().min(0).max(65536).default(256),
  // Proxies whose X-Forwarded-For, -Proto and -Host are believed (addresses and CIDR subnets,
  // comma-separated). Empty: no proxy in front; the connection's own address and scheme count.
  EXECBOARD_TRUSTED_PROXIES: z.string().default(""),
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
});

export type Config = z.infer<typeof schema>;

let cached: Config | undefined;

export function getConfig(): Config {
  if (!cached) {
    const parsed = schema.safeParse(process.env);
    if (!parsed.success) {
      const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
      throw new Error(`Invalid environment: ${problems}`);
    }
    cached = parsed.data;
  }
  return cached;
}

export function requireDatabaseUrl(): string {
  const url = getConfig().DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set (e.g. postgresql://user@127.0.0.1:5432/execboard)");
  return url;
}

export function requireRedisUrl(): string {
  const url = getConfig().REDIS_URL;
  if (!url) throw new Error("REDIS_URL is not set (e.g. redis://127.0.0.1:6379)");
  return url;
}
