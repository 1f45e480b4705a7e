import fs from "node:fs/promises";
import path from "node:path";
import { SubmissionKind } from "@/lib/db/generated/enums";
import { kindOfMetricTable } from "@/lib/kinds/registry";
import { getConfig } from "@/lib/config";
import { AppError } from "@/lib/errors/app-error";
import type { SubmissionLogsView } from "@/lib/provenance/get-submission-logs";
import { formatFailure } from "./status-command";
import type { SubmissionView } from "@/lib/submissions/get-submission";
import type { MetricTable } from "@/lib/submissions/serialize";
import { readUploadState, stateKey, writeUploadState, type UploadStateEntry } from "./client-state";
import type { CompletedUpload } from "@/lib/intake/complete-upload-session";
import { hashFile } from "@/lib/storage/hash-file";
import { formatBytes, ProgressLine, transferLine } from "./progress";
import { ResumableUpload } from "./resumable-upload";
import type { UploadSessionView } from "@/lib/intake/upload-view";
import { ApiError } from "./api-error";
import { ApiClient } from "./api-client";
import { checkHere } from "./check-here";
import { parse, required } from "./args";
import { formatMetricTable } from "./results-command";

const USAGE =
  "usage: execboard submit <file.npz|ranking.jsonl|run.trec|run.jsonl> --benchmark <slug> --metadata <json|file> [--org <slug>] [--wait]\n" +
  "                        [--kind embeddings|ranking|run_trec|run_jsonl|chunk_embeddings]\n" +
  "                        [--chunk-mib <n>] [--new] [--no-check] [--url <url>] [--token <token>]";
const FINAL = ["scored", "failed", "published", "rejected", "hidden"];

// execboard submit: checks the file here first, as the server will (check-here.ts; --no-check
// leaves it to the server), then uploads through the public API's resumable uploads, in chunks, with
// progress (bytes, %, rate), then waits (--wait) showing the stage and N of M. Interrupted, the
// same command resumes where the server's copy ends: the CLI remembers the upload by server,
// benchmark and file SHA-256 (lib/cli/client-state.ts). Once the file has become a
// submission, running it again reports that submission instead of submitting twice (--new
// submits again). Exit codes: lib/cli/exit-codes.ts.
export async function submitCommand(argv: string[]): Promise<number> {
  const { positionals, values } = parse(argv, {
    strings: ["metadata", "benchmark", "kind", "org", "chunk-mib", "url", "token"],
    booleans: ["new", "no-check", "wait"],
  });
  const file = positionals[0];
  if (!file || positionals.length > 1) throw new AppError("BAD_REQUEST", USAGE);
  const slug = required(values.benchmark, `--benchmark\n${USAGE}`);
  const metadata = await readMetadata(required(values.metadata, `--metadata\n${USAGE}`));
  // Which kinds a benchmark takes is the server's to say (its answer names them).
  if (values.kind !== undefined && !(Object.values(SubmissionKind) as string[]).includes(values.kind)) throw new AppError("BAD_REQUEST", `--kind must be one of ${Object.values(SubmissionKind).join(", ")}\n${USAGE}`);
  const chunkMiB = values["chunk-mib"] === undefined ? 32 : Number(values["chunk-mib"]);
  if (!Number.isFinite(chunkMiB) || chunkMiB <= 0) throw new AppError("BAD_REQUEST", `--chunk-mib must be a positive number\n${USAGE}`);
  const token = values.token ?? getConfig().EXECBOARD_TOKEN;
  if (!token) throw new AppError("UNAUTHORIZED", "no API token: pass --token or set EXECBOARD_TOKEN");
  const url = values.url ?? getConfig().EXECBOARD_URL;
  const size = await fileSize(file);
  const client = new ApiClient(url, token);
  if (!values["no-check"]) {
    console.error("checking the file here…");
    const here = await checkHere(client, slug, file, values.kind);
    if (here.ok === false) throw new AppError("INVALID_UPLOAD", `${file} would be refused, so nothing was sent: ${here.problem}`);
    console.error(here.ok ? `  ${here.summary}` : `  not checked here (${here.why}); the server checks it`);
  }

  const progress = new ProgressLine();
  const hashStart = Date.now();
  const { sha256 } = await hashFile(file, (done) => progress.update(transferLine("hashing", done, size, hashStart, 0), done / size));
  progress.done();
  // The same file for another organisation (or personally) is another upload.
  const key = stateKey(url, values.org ? `${slug}@${values.org}` : slug, sha256);
  const entry = values.new ? undefined : await readUploadState(key);
  const uploads = new ResumableUpload(client);

  let submissionId = entry?.submissionId;
  if (submissionId) {
    console.error(`this file was already submitted to ${slug}${values.org ? ` for ${values.org}` : ""} as ${submissionId} (run with --new to submit it again)`);
  } else {
    const base = { url, benchmark: slug, sha256, size, file: path.resolve(file) };
    const session = await openOrResume(client, uploads, entry, { ...base, kind: values.kind, organisation: values.org });
    await writeUploadState(key, { ...base, uploadId: session.id });
    const startedAt = Date.now();
    const sent = await uploads.sendFile(file, session, {
      chunkBytes: Math.round(chunkMiB * 1024 * 1024),
      onProgress: (stored) => progress.update(transferLine("uploading", stored, size, startedAt, session.receivedBytes), stored / size),
      onRetry: (why, ms) => {
        progress.done();
        console.error(`  retrying in ${Math.round(ms / 1000)} s: ${why}`);
      },
    });
    progress.done(`uploaded ${formatBytes(sent.size)} (upload ${sent.id})`);
    console.error("checking the file on the server…");
    let done: CompletedUpload;
    try {
      done = await client.request<CompletedUpload>("POST", `/api/v1/uploads/${sent.id}/complete`, { json: { metadata, ...(values.kind ? { kind: values.kind } : {}) } });
    } catch (e) {
      // A refused file ends its upload; the next run starts a fresh one.
      if (e instanceof ApiError && (e.code === "INVALID_UPLOAD" || e.code === "PAYLOAD_TOO_LARGE")) await writeUploadState(key, null);
      throw e;
    }
    submissionId = done.submission.id;
    await writeUploadState(key, { ...base, uploadId: sent.id, submissionId });
  }
  console.log(`submitted ${submissionId}`);
  if (!values.wait) return 0;
  return waitAndReport(client, submissionId);
}

async function readMetadata(arg: string): Promise<unknown> {
  const text = arg.trim().startsWith("{") ? arg : await fs.readFile(arg, "utf8").catch(() => {
    throw new AppError("BAD_REQUEST", `--metadata is neither JSON nor a readable file: ${arg}`);
  });
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new AppError("BAD_REQUEST", `--metadata is not valid JSON: ${(e as Error).message}`);
  }
}

async function fileSize(file: string): Promise<number> {
  const stat = await fs.stat(file).catch(() => null);
  if (!stat?.isFile()) throw new AppError("BAD_REQUEST", `cannot read ${file}: no such file`);
  if (stat.size === 0) throw new AppError("BAD_REQUEST", `${file} is empty`);
  return stat.size;
}

// The upload this file was being sent through, if the server still has it open; else a new one.
async function openOrResume(client: ApiClient, uploads: ResumableUpload, entry: UploadStateEntry | undefined, f: { benchmark: string; size: number; sha256: string; file: string; kind?: string; organisation?: string }): Promise<UploadSessionView> {
  if (entry) {
    try {
      const s = await uploads.getSession(entry.uploadId);
      if (s.status === "open" && s.size === f.size) {
        console.error(`resuming upload ${s.id}: ${formatBytes(s.receivedBytes)} of ${formatBytes(s.size)} already on the server`);
        return s;
      }
      if (s.status === "completed" || s.status === "completing") return s;
      console.error(`upload ${s.id} is ${s.status}${s.error ? ` (${s.error})` : ""}; starting a new one`);
    } catch (e) {
      if (!(e instanceof ApiError && e.status === 404)) throw e;
      console.error(`upload ${entry.uploadId} is gone from the server; starting a new one`);
    }
  }
  return client.request<UploadSessionView>("POST", "/api/v1/uploads", {
    json: { benchmark: f.benchmark, size: f.size, sha256: f.sha256, filename: path.basename(f.file), ...(f.kind ? { kind: f.kind } : {}), ...(f.organisation ? { organisation: f.organisation } : {}) },
  });
}

async function waitAndReport(client: ApiClient, id: string): Promise<number> {
  const progress = new ProgressLine();
  let stage = "";
  const final = await waitForSubmission(client, id, (s) => {
    const n = s.progress.total ? ` ${s.progress.done} of ${s.progress.total} (${((100 * s.progress.done) / s.progress.total).toFixed(0)}%)` : "";
    if (s.status !== stage && stage) progress.done();
    progress.update(`  ${s.status}${n}`, s.progress.total ? s.progress.done / s.progress.total : 0, s.status !== stage);
    stage = s.status;
  });
  progress.done();
  if (final.status === "failed") {
    const failure = final.evaluations.at(-1)?.failure;
    console.error(`failed${failure?.stage ? ` while ${failure.stage}` : ""}: ${final.error}`);
    if (final.failure) console.error(formatFailure(final.failure).join("\n"));
    const logs = await client.request<SubmissionLogsView>("GET", `/api/v1/submissions/${id}/logs`).catch(() => null);
    const tail = logs?.evaluations.at(-1)?.log.trimEnd().split("\n").slice(-12);
    if (tail?.length) console.error(`last lines of its log (all of it: GET /api/v1/submissions/${id}/logs):\n${tail.map((l) => `  ${l}`).join("\n")}`);
    return 1;
  }
  const m = final.metrics;
  if (m) console.log(summaryLine(m));
  return m ? 0 : 1;
}

/** The values the benchmark kind's presentation names for a one-line summary (the whole table for a kind the CLI does not know). */
export function summaryLine(m: MetricTable): string {
  const kind = kindOfMetricTable(m);
  if (!kind) return formatMetricTable(m);
  return kind.presentation.summary.map((s) => `${s.label} ${m[s.name]?.[String(s.k)]?.value.toFixed(3) ?? "—"}`).join("  ");
}

export async function waitForSubmission(
  client: ApiClient,
  id: string,
  onChange?: (s: SubmissionView) => void,
  timeoutMs = 6 * 3600_000,
): Promise<SubmissionView> {
  const deadline = Date.now() + timeoutMs;
  let last = "";
  for (;;) {
    const s = await client.request<SubmissionView>("GET", `/api/v1/submissions/${id}`);
    const sig = `${s.status}:${s.progress.done}`;
    if (sig !== last) onChange?.(s);
    last = sig;
    if (FINAL.includes(s.status)) return s;
    if (Date.now() > deadline) throw new AppError("INTERNAL", `gave up waiting for ${id} (still ${s.status})`);
    await new Promise((r) => setTimeout(r, 1000));
  }
}
