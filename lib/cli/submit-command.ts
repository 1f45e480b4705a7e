import fs from "node:fs/promises";
import path from "node:path";
import { getConfig } from "@/lib/config";
import { AppError } from "@/lib/errors/app-error";
import type { SubmissionView } from "@/lib/submissions/get-submission";
import { ApiClient } from "./api-client";
import { parse, required } from "./args";

// execboard submit <file.npz> --metadata <json or path> --benchmark <slug> [--wait]
// Uploads through the public API exactly as a vendor's script would.
export async function submitCommand(argv: string[]): Promise<number> {
  const { positionals, values } = parse(argv, {
    metadata: { type: "string" },
    benchmark: { type: "string" },
    url: { type: "string" },
    token: { type: "string" },
    wait: { type: "boolean" },
  });
  const file = positionals[0];
  if (!file) throw new AppError("BAD_REQUEST", "usage: execboard submit <file.npz> --metadata <json|file> --benchmark <slug> [--wait]");
  const slug = required(values.benchmark, "--benchmark");
  const metadataArg = required(values.metadata, "--metadata");
  const metadata = metadataArg.trim().startsWith("{") ? metadataArg : await fs.readFile(metadataArg, "utf8");
  const token = values.token ?? getConfig().EXECBOARD_TOKEN;
  if (!token) throw new AppError("UNAUTHORIZED", "no API token: pass --token or set EXECBOARD_TOKEN");
  const client = new ApiClient(values.url ?? getConfig().EXECBOARD_URL, token);

  const data = await fs.readFile(file);
  const form = new FormData();
  form.set("file", new Blob([new Uint8Array(data)]), path.basename(file));
  form.set("metadata", metadata);
  const created = await client.request<{ id: string; status: string }>("POST", `/api/v1/benchmarks/${encodeURIComponent(slug)}/submissions`, form);
  console.log(`submitted ${created.id} (${created.status})`);
  if (!values.wait) return 0;
  const final = await waitForSubmission(client, created.id, (s) => console.error(`  ${s.status} ${s.progress.total ? `${s.progress.done}/${s.progress.total}` : ""}`));
  if (final.status === "failed") {
    console.error(`failed: ${final.error}`);
    return 1;
  }
  const m = final.metrics;
  if (m) console.log(`exec@1 ${m.exec["1"].value.toFixed(3)}  exec@10 ${m.exec["10"].value.toFixed(3)}  nDCG@10 ${m.ndcg["10"].value.toFixed(3)}`);
  return 0;
}

export async function waitForSubmission(
  client: ApiClient,
  id: string,
  onChange?: (s: SubmissionView) => void,
  timeoutMs = 30 * 60_000,
): Promise<SubmissionView> {
  const deadline = Date.now() + timeoutMs;
  let last = "";
  for (;;) {
    const s = await client.request<SubmissionView>("GET", `/api/v1/submissions/${id}`);
    const sig = `${s.status}:${s.progress.done}`;
    if (sig !== last) onChange?.(s);
    last = sig;
    if (["scored", "failed", "published", "rejected"].includes(s.status)) return s;
    if (Date.now() > deadline) throw new AppError("INTERNAL", `gave up waiting for ${id} (still ${s.status})`);
    await new Promise((r) => setTimeout(r, 500));
  }
}
