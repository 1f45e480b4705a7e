// Parses and checks a run file against a benchmark version (run-format.ts has the rules); the
// first problem found is thrown as a RunFormatError naming its line.
import { RUN_DEPTH, RunFormatError, type ParsedRun, type RunExpectation, type SampleRun } from "./run-format";

function emptyRuns(n: number): SampleRun[] {
  return Array.from({ length: n }, () => ({ files: [], scores: [], abstention: null }));
}

function sampleIndex(exp: RunExpectation): Map<string, number> {
  return new Map(exp.sampleIds.map((id, i) => [id, i]));
}

function checkFile(exp: RunExpectation, line: number, sample: number, path: string, seen: Map<string, number>, rank: number): void {
  if (!exp.hasFile(sample, path)) {
    const hint = path.startsWith("./") || path.startsWith("/") ? ` (paths are relative to the repository root, without a leading ${path.startsWith("./") ? "./" : "/"})` : "";
    throw new RunFormatError(line, `${path} is not a file of ${exp.corpusOf(sample)}, the corpus of sample ${exp.sampleIds[sample]}${hint}`);
  }
  const first = seen.get(path);
  if (first !== undefined) throw new RunFormatError(line, `${path} is ranked twice for sample ${exp.sampleIds[sample]} (first at rank ${first})`);
  seen.set(path, rank);
}

function checkScore(line: number, sample: string, rank: number, score: number, previous: number | undefined): void {
  if (!Number.isFinite(score)) throw new RunFormatError(line, `the score at rank ${rank} of sample ${sample} is not a finite number`);
  if (previous !== undefined && score > previous) {
    throw new RunFormatError(line, `score ${score} at rank ${rank} of sample ${sample} is higher than ${previous} at rank ${rank - 1}; scores must not rise down a ranking (equal scores are ties)`);
  }
}

export function parseTrecRun(text: string, exp: RunExpectation): ParsedRun {
  const index = sampleIndex(exp);
  const samples = emptyRuns(exp.sampleIds.length);
  const firstLine = new Map<number, number>();
  const done = new Set<number>();
  let current = -1, tag: string | null = null, tagLine = 0, maxDepth = 0;
  let seen = new Map<string, number>();
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i].replace(/\r$/, "");
    const line = i + 1;
    if (raw.trim() === "") continue;
    const f = raw.trim().split(/\s+/);
    if (f.length !== 6) {
      throw new RunFormatError(line, `expected 6 fields (sample_id Q0 path rank score tag), got ${f.length}${f.length > 6 ? "; a TREC run cannot hold a path with spaces: use the JSON lines format" : ""}`);
    }
    const [qid, , path, rankText, scoreText, runTag] = f;
    const s = index.get(qid);
    if (s === undefined) throw new RunFormatError(line, `unknown sample ${qid}`);
    if (tag === null) [tag, tagLine] = [runTag, line];
    else if (runTag !== tag) throw new RunFormatError(line, `run tag ${runTag} differs from ${tag} (line ${tagLine}); a file holds one run`);
    if (s !== current) {
      if (done.has(s)) throw new RunFormatError(line, `sample ${qid} appears again after other samples (first at line ${firstLine.get(s)}); keep each sample's lines together`);
      if (current >= 0) done.add(current);
      [current, seen] = [s, new Map()];
      firstLine.set(s, line);
    }
    const run = samples[s];
    const rank = Number(rankText);
    const expected = run.files.length + 1;
    if (!/^\d+$/.test(rankText) || rank !== expected) throw new RunFormatError(line, `rank ${rankText} of sample ${qid} should be ${expected} (ranks run 1, 2, 3… in file order)`);
    if (rank > RUN_DEPTH) throw new RunFormatError(line, `rank ${rank} exceeds the depth of ${RUN_DEPTH} ranked files per sample`);
    const score = Number(scoreText);
    checkScore(line, qid, rank, score, run.scores.at(-1));
    checkFile(exp, line, s, path, seen, rank);
    run.files.push(path);
    run.scores.push(score);
    maxDepth = Math.max(maxDepth, rank);
  }
  if (tag === null) throw new RunFormatError(1, "the run ranks no file");
  return { format: "trec", samples, tag, covered: samples.filter((r) => r.files.length > 0).length, maxDepth };
}

const JSONL_KEYS = new Set(["sample_id", "files", "scores", "abstention"]);

export function parseJsonlRun(text: string, exp: RunExpectation): ParsedRun {
  const index = sampleIndex(exp);
  const samples = emptyRuns(exp.sampleIds.length);
  const lineOf = new Map<number, number>();
  let maxDepth = 0, covered = 0;
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i];
    const line = i + 1;
    if (raw.trim() === "") continue;
    let o: unknown;
    try {
      o = JSON.parse(raw);
    } catch (e) {
      throw new RunFormatError(line, `not JSON: ${(e as Error).message}`);
    }
    if (o === null || typeof o !== "object" || Array.isArray(o)) throw new RunFormatError(line, "expected an object {sample_id, files, scores[, abstention]}");
    const r = o as Record<string, unknown>;
    const extra = Object.keys(r).find((k) => !JSONL_KEYS.has(k));
    if (extra) throw new RunFormatError(line, `unknown key ${JSON.stringify(extra)} (sample_id, files, scores, abstention)`);
    if (typeof r.sample_id !== "string") throw new RunFormatError(line, "sample_id must be a string");
    const s = index.get(r.sample_id);
    if (s === undefined) throw new RunFormatError(line, `unknown sample ${r.sample_id}`);
    if (lineOf.has(s)) throw new RunFormatError(line, `sample ${r.sample_id} appears twice (first at line ${lineOf.get(s)})`);
    lineOf.set(s, line);
    if (!Array.isArray(r.files) || r.files.some((p) => typeof p !== "string")) throw new RunFormatError(line, "files must be an array of paths (strings)");
    if (!Array.isArray(r.scores) || r.scores.some((x) => typeof x !== "number")) throw new RunFormatError(line, "scores must be an array of numbers, one per file");
    if (r.scores.length !== r.files.length) throw new RunFormatError(line, `${r.files.length} files but ${r.scores.length} scores`);
    if (r.files.length > RUN_DEPTH) throw new RunFormatError(line, `${r.files.length} files ranked for sample ${r.sample_id}; at most ${RUN_DEPTH} per sample`);
    if (r.abstention !== undefined && (typeof r.abstention !== "number" || !Number.isFinite(r.abstention))) throw new RunFormatError(line, "abstention must be a finite number when given");
    const seen = new Map<string, number>();
    const run = samples[s];
    (r.files as string[]).forEach((path, k) => {
      checkScore(line, r.sample_id as string, k + 1, (r.scores as number[])[k], (r.scores as number[])[k - 1]);
      checkFile(exp, line, s, path, seen, k + 1);
    });
    run.files = r.files as string[];
    run.scores = r.scores as number[];
    run.abstention = (r.abstention as number | undefined) ?? null;
    maxDepth = Math.max(maxDepth, run.files.length);
    if (run.files.length > 0 || run.abstention !== null) covered++;
  }
  if (lineOf.size === 0) throw new RunFormatError(1, "the run holds no sample");
  return { format: "jsonl", samples, tag: null, covered, maxDepth };
}

/** JSON lines when the first non-blank character opens an object; TREC otherwise. */
export function looksLikeJsonlRun(head: Uint8Array): boolean {
  for (const b of head) {
    if (b === 0x20 || b === 0x09 || b === 0x0a || b === 0x0d) continue;
    return b === 0x7b;
  }
  return false;
}

/** A TREC run: the first non-blank line has six fields whose fourth is a rank. */
export function looksLikeTrecRun(head: Uint8Array): boolean {
  const text = new TextDecoder().decode(head);
  const first = text.split("\n").find((l) => l.trim() !== "");
  if (!first) return false;
  const f = first.trim().split(/\s+/);
  return f.length === 6 && /^\d+$/.test(f[3]);
}
