// Counterfactual no-gold controls: a query from another repository's samples, asked of this
// repository's corpus, where nothing should be returned. The other samples come in the released
// JSONL schema (for instance another build-arb output); their positive samples are taken in an
// order fixed by a hash of the seed and their id, with their query exactly as it was (paths of
// the other repository included: a query that names files this corpus lacks is what a wrong
// repository looks like). A samples file of the same repository is refused: its queries are not
// counterfactual here.
import fs from "node:fs";
import crypto from "node:crypto";
import { z } from "zod";
import { AppError } from "@/lib/errors/app-error";
import { parseJsonLines } from "@/lib/text/json-lines";
import type { MinedCandidate } from "./mine-code2test";
import { COUNTERFACTUAL_REASON, record, sampleId, type SampleRecord } from "./records";

const otherSampleSchema = z
  .object({
    id: z.string().min(1),
    task_type: z.string().min(1),
    repo: z.string().regex(/^[^/\s]+\/[^/\s]+$/, "must be owner/name"),
    base_commit: z.string().regex(/^[0-9a-f]{40}$/),
    query: z.record(z.string(), z.union([z.string(), z.array(z.string()), z.number()])),
    gold: z.object({ no_gold: z.boolean().optional() }).passthrough().default({}),
  })
  .passthrough();

const POSITIVE = new Set(["code2test", "comment2context", "trace2code", "testlog2code", "edit2ripple"]);

export interface OtherSample {
  id: string;
  task_type: string;
  repo: string;
  base_commit: string;
  query: SampleRecord["query"];
}

/** The positive samples of a released-schema samples file, refusing malformed lines by number. */
export function readOtherSamples(file: string): OtherSample[] {
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (e) {
    throw new AppError("BAD_REQUEST", `cannot read --counterfactual-from ${file}: ${(e as Error).message}`);
  }
  return parseJsonLines(file, text, otherSampleSchema, "a sample record")
    .filter((r) => POSITIVE.has(r.task_type) && !r.gold.no_gold)
    .map((r) => ({
      id: r.id,
      task_type: r.task_type,
      repo: r.repo,
      base_commit: r.base_commit,
      query: Object.fromEntries(Object.entries(r.query).map(([k, v]) => [k, typeof v === "number" ? String(v) : v])),
    }));
}

export function mineCounterfactuals(others: readonly OtherSample[], repo: string, base: string, target: number, seed: string): MinedCandidate[] {
  const same = others.find((o) => o.repo === repo);
  if (same) throw new AppError("BAD_REQUEST", `counterfactual samples must come from another repository; ${same.id} is from ${repo} itself`);
  const key = (o: OtherSample) => crypto.createHash("sha256").update(`${seed}\0${o.repo}\0${o.id}`).digest("hex");
  return [...others]
    .sort((a, b) => (key(a) < key(b) ? -1 : 1))
    .slice(0, target)
    .map((o) => ({
      source: `${o.repo}#${o.id}`,
      record: record("abstention", {
        id: sampleId(["nogold_counterfactual", repo, base, o.repo, o.id]),
        repo,
        base,
        query: o.query,
        gold: { files: [], no_gold: true, reason: COUNTERFACTUAL_REASON },
        metadata: { source: "counterfactual", source_sample: { id: o.id, repo: o.repo, task_type: o.task_type, base_commit: o.base_commit } },
      }),
    }));
}
