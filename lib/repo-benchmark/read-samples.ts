// Reads a released samples file (JSON lines) into normalized samples, refusing each record that
// cannot be one with the line it is on: not JSON, not of the released schema, an unknown task,
// a duplicate id, a sample with gold files where none may be or none where some must be (its
// only gold files being given context counts as none, with its own reason).
import { unstorableString } from "@/lib/text/plain-text";
import { namedPaths, normalizeSample, releasedSampleSchema, taskOf, type NormalizedSample } from "./sample-format";
import { isPositiveTask } from "./tasks";

export interface Refusal {
  line: number;
  sampleId: string | null;
  reason: string;
}

export interface ReadSamples {
  samples: (NormalizedSample & { line: number })[];
  refused: Refusal[];
  records: number;
}

export function readSamples(text: string): ReadSamples {
  const samples: (NormalizedSample & { line: number })[] = [];
  const refused: Refusal[] = [];
  const seen = new Set<string>();
  let records = 0;
  text.split("\n").forEach((raw, i) => {
    const line = i + 1;
    if (raw.trim() === "") return;
    records++;
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch (e) {
      refused.push({ line, sampleId: null, reason: `not JSON: ${(e as Error).message}` });
      return;
    }
    const id = typeof (json as { id?: unknown })?.id === "string" ? ((json as { id: string }).id) : null;
    const unstorable = unstorableString(json);
    if (unstorable) {
      const where = unstorable.path || "record";
      const reason = unstorable.problem.endsWith("contains a NUL character") && !unstorable.problem.startsWith("its key")
        ? `${where} holds a NUL character (\\u0000), which no text column can store; write it as an escape such as \\x00`
        : `${where} ${unstorable.problem}, which no text column can store`;
      refused.push({ line, sampleId: id, reason });
      return;
    }
    const parsed = releasedSampleSchema.safeParse(json);
    if (!parsed.success) {
      const why = parsed.error.issues.map((x) => `${x.path.join(".") || "record"}: ${x.message}`).join("; ");
      refused.push({ line, sampleId: id, reason: `not a sample record: ${why}` });
      return;
    }
    const r = parsed.data;
    if (seen.has(r.id)) {
      refused.push({ line, sampleId: r.id, reason: `duplicate sample id ${r.id}` });
      return;
    }
    seen.add(r.id);
    const task = taskOf(r);
    if (!task) {
      refused.push({ line, sampleId: r.id, reason: `unknown task_type ${JSON.stringify(r.task_type)} (code2test, comment2context, trace2code, edit2ripple, or abstention with gold.no_gold)` });
      return;
    }
    const s = normalizeSample(r, task);
    if (isPositiveTask(task) && s.gold_files.length === 0) {
      const reason = s.given_removed.length
        ? `a ${task} sample whose only gold ${s.given_removed.length === 1 ? "file is" : "files are"} given context (${s.given_removed.join(", ")}): nothing is left to retrieve`
        : `a ${task} sample names no gold file`;
      refused.push({ line, sampleId: r.id, reason });
      return;
    }
    if (!isPositiveTask(task) && s.gold_files.length > 0) {
      refused.push({ line, sampleId: r.id, reason: `a no-gold sample names gold files (${s.gold_files.join(", ")})` });
      return;
    }
    const bad = namedPaths(s).find((p) => p.startsWith("/") || p.split("/").some((part) => part === ".." || part === "." || part === ""));
    if (bad) {
      refused.push({ line, sampleId: r.id, reason: `file paths must be relative to the repository root, without . or .. parts; got ${JSON.stringify(bad)}` });
      return;
    }
    samples.push({ ...s, line });
  });
  return { samples, refused, records };
}
