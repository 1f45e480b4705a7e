import { buildBaselines } from "@/lib/baselines/build-baselines";
import { buildRepoBaselines } from "@/lib/baselines/repo-baselines";
import { kindOfVersion } from "@/lib/kinds/registry";
import { getLatestVersionId } from "@/lib/benchmark/get-version";
import { db, disconnectDb } from "@/lib/db/client";
import { closeQueue } from "@/lib/queue/enqueue";
import { createSubmission } from "@/lib/intake/create-submission";
import { getSubmission } from "@/lib/submissions/get-submission";
import { publishSubmission } from "@/lib/review/publish-submission";
import { summaryLine } from "./submit-command";
import { AppError } from "@/lib/errors/app-error";
import { parse, required } from "./args";

export const BASELINE_EMAIL = "baselines@execboard.local";

// execboard baselines submit --benchmark <slug> [--wait] [--publish]
export async function baselinesCommand(argv: string[]): Promise<number> {
  const { positionals, values } = parse(argv, { strings: ["benchmark"], booleans: ["wait", "publish"] });
  if (positionals[0] !== "submit") throw new AppError("BAD_REQUEST", "usage: execboard baselines submit --benchmark <slug> [--wait] [--publish]");
  try {
    const ids = await submitBaselines(required(values.benchmark, "--benchmark"), { wait: values.wait || values.publish, publish: values.publish });
    return ids.every((r) => r.status !== "failed") ? 0 : 1;
  } finally {
    await closeQueue();
    await disconnectDb();
  }
}

export async function submitBaselines(
  slug: string,
  opts: { wait?: boolean; publish?: boolean },
): Promise<{ id: string; model: string; status: string }[]> {
  const user = await db().user.upsert({
    where: { email: BASELINE_EMAIL },
    create: { email: BASELINE_EMAIL, role: "maintainer" },
    update: {},
    select: { id: true, email: true, role: true },
  });
  const principal = { userId: user.id, email: user.email, role: user.role };
  const version = await getLatestVersionId(slug);
  const out: { id: string; model: string; status: string }[] = [];
  const kind = await kindOfVersion(version.id);
  const baselines = kind.id === "repo_retrieval" ? await buildRepoBaselines(version.id, (m) => console.error(m)) : await buildBaselines(version.id);
  for (const b of baselines) {
    const model = String(b.metadata.model);
    // One live baseline per model and version: skip if it is already there.
    const existing = await db().submission.findFirst({
      where: { versionId: version.id, isBaseline: true, modelName: model, status: { notIn: ["failed", "rejected"] } },
      select: { id: true, status: true },
    });
    const id = existing?.id ?? (await createSubmission({ slug, principal, file: b.file, metadata: b.metadata, isBaseline: true })).id;
    console.log(`${existing ? "found" : "submitted"} baseline ${model}: ${id}`);
    out.push({ id, model, status: existing?.status ?? "queued" });
  }
  if (!opts.wait) return out;
  for (const r of out) {
    const deadline = Date.now() + 30 * 60_000;
    let s = await getSubmission(r.id, principal);
    while (!["scored", "failed", "published", "rejected"].includes(s.status)) {
      if (Date.now() > deadline) throw new AppError("INTERNAL", `baseline ${r.model} still ${s.status} after 30 minutes`);
      await new Promise((res) => setTimeout(res, 500));
      s = await getSubmission(r.id, principal);
    }
    r.status = s.status;
    if (s.status === "failed") console.error(`baseline ${r.model} failed: ${s.error}`);
    if (s.status === "scored" && opts.publish) {
      await publishSubmission(r.id);
      r.status = "published";
    }
    console.log(`baseline ${r.model}: ${r.status}${s.metrics ? ` (${summaryLine(s.metrics)})` : ""}`);
  }
  return out;
}
