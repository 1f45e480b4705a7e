import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { AppError } from "@/lib/errors/app-error";
import { describeIssue } from "@/lib/errors/zod-issues";
import { benchmarkMetaSchema, type BenchmarkMeta } from "./format";
import { sourceTaskSchema, type SourceTask } from "./source-format";

// Reads a source directory (benchmark.json + tasks/*.jsonl) and applies gate 1 (schema) to
// every line. A bad line does not stop the read: it becomes a task that failed gate 1, so the
// report lists every problem at once. Task order is (file name, line), the order ids follow.

export interface SourceLine {
  /** "tasks/geometry.jsonl:12", how the report names the task. */
  source: string;
  file: string;
  task: SourceTask | null;
  /** Gate 1 problems; empty when the line is a valid task. */
  problems: string[];
}

export interface SourceDir {
  meta: BenchmarkMeta;
  lines: SourceLine[];
  /** sha256 over benchmark.json and every task file, in order. */
  sourceSha256: string;
}

export async function readSourceDir(dir: string): Promise<SourceDir> {
  const metaPath = path.join(dir, "benchmark.json");
  const metaText = await fs.readFile(metaPath, "utf8").catch(() => {
    throw new AppError("BAD_REQUEST", `${metaPath}: file not found`);
  });
  let metaJson: unknown;
  try {
    metaJson = JSON.parse(metaText);
  } catch (e) {
    throw new AppError("BAD_REQUEST", `${metaPath}: invalid JSON (${(e as Error).message})`);
  }
  const meta = benchmarkMetaSchema.safeParse(metaJson);
  if (!meta.success) throw new AppError("BAD_REQUEST", `${metaPath}: ${meta.error.issues.map(describeIssue).join("; ")}`);

  const tasksDir = path.join(dir, "tasks");
  const names = (await fs.readdir(tasksDir).catch(() => [] as string[])).filter((n) => n.endsWith(".jsonl"));
  names.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)); // code-unit order: the same on every machine
  if (names.length === 0) throw new AppError("BAD_REQUEST", `${tasksDir}: no tasks/*.jsonl files`);
  const hash = crypto.createHash("sha256").update(metaText);
  const lines: SourceLine[] = [];
  for (const name of names) {
    const text = await fs.readFile(path.join(tasksDir, name), "utf8");
    hash.update("\0").update(name).update("\0").update(text);
    text.split("\n").forEach((line, i) => {
      if (line.trim() === "") return;
      lines.push(parseLine(`tasks/${name}:${i + 1}`, name.slice(0, -".jsonl".length), line));
    });
  }
  if (lines.length === 0) throw new AppError("BAD_REQUEST", `${tasksDir}: the task files hold no tasks`);
  return { meta: meta.data, lines, sourceSha256: hash.digest("hex") };
}

function parseLine(source: string, domainFile: string, line: string): SourceLine {
  let json: unknown;
  try {
    json = JSON.parse(line);
  } catch (e) {
    return { source, file: domainFile, task: null, problems: [`invalid JSON (${(e as Error).message})`] };
  }
  const parsed = sourceTaskSchema.safeParse(json);
  if (!parsed.success) return { source, file: domainFile, task: null, problems: parsed.error.issues.map(describeIssue) };
  const task = parsed.data;
  const problems: string[] = [];
  if (task.domain !== domainFile) problems.push(`domain "${task.domain}" does not match its file tasks/${domainFile}.jsonl`);
  task.test_suite.forEach((t, i) => {
    if (/[\r\n]/.test(t)) problems.push(`test ${i + 1} is not a single line`);
    else if (!/^assert\b/.test(t)) problems.push(`test ${i + 1} does not start with \`assert\``);
  });
  if (new Set(task.test_suite).size !== task.test_suite.length) problems.push("test_suite repeats a test");
  const snippets = [["canonical", task.canonical], ...(task.distractors ?? []).map((d, i) => [`distractor ${i + 1}`, d.code])];
  for (const [label, code] of snippets) {
    if (code.includes("\r")) problems.push(`${label} uses \\r line breaks; write "\\n" newlines`);
  }
  return { source, file: domainFile, task, problems };
}
