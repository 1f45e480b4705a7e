// Validates a ranking file against a benchmark as strictly as an .npz is validated: encoding,
// JSON, exact fields, every query exactly once, known and distinct corpus ids, enough depth,
// finite non-increasing scores. Every refusal is INVALID_UPLOAD with a message naming the line.
import { AppError } from "@/lib/errors/app-error";
import { cutOffGroup, TIE_GROUP_CAP, TOP_K } from "@/lib/metrics/cut-off";
import { MIN_RANKING_DEPTH, RANKING_FIELDS, RANKING_FORMAT_HINT, rankingFileBudget, type RankingExpectation, type ValidatedRanking } from "./ranking-format";

const SHOW = 5;
const refuse = (message: string, details?: unknown) => new AppError("INVALID_UPLOAD", message, details);
const list = (ids: string[]) => ids.slice(0, SHOW).map((id) => JSON.stringify(id)).join(", ") + (ids.length > SHOW ? ", …" : "");

function decode(buffer: Uint8Array): string {
  if (buffer.length >= 3 && buffer[0] === 0xef && buffer[1] === 0xbb && buffer[2] === 0xbf) {
    throw refuse("ranking file starts with a UTF-8 byte-order mark; write plain UTF-8 without one");
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(buffer);
  } catch {
    throw refuse("ranking file is not valid UTF-8");
  }
}

function parseLine(text: string, line: number): { queryId: string; corpusIds: unknown[]; scores: unknown[] } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw refuse(`line ${line} is not valid JSON (${(e as Error).message}); ${RANKING_FORMAT_HINT}`);
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) throw refuse(`line ${line} is not a JSON object; ${RANKING_FORMAT_HINT}`);
  const keys = Object.keys(value);
  const missing = RANKING_FIELDS.filter((k) => !keys.includes(k));
  const extra = keys.filter((k) => !(RANKING_FIELDS as readonly string[]).includes(k));
  if (missing.length || extra.length) {
    const parts = [missing.length ? `missing ${missing.join(", ")}` : "", extra.length ? `unexpected ${extra.map((k) => JSON.stringify(k)).join(", ")}` : ""];
    throw refuse(`line ${line}: ${parts.filter(Boolean).join("; ")}; ${RANKING_FORMAT_HINT}`);
  }
  const { query_id, corpus_ids, scores } = value as Record<string, unknown>;
  if (typeof query_id !== "string" || query_id.length === 0) throw refuse(`line ${line}: query_id must be a non-empty string`);
  if (!Array.isArray(corpus_ids)) throw refuse(`line ${line} (query ${query_id}): corpus_ids must be an array of corpus ids`);
  if (!Array.isArray(scores)) throw refuse(`line ${line} (query ${query_id}): scores must be an array of numbers`);
  return { queryId: query_id, corpusIds: corpus_ids, scores };
}

/** Refuses a ranking file by its size alone: empty, over the upload limit, or larger than any ranking of this benchmark can be. */
export function checkRankingSize(bytes: number, expected: RankingExpectation, opts: { maxBytes?: number } = {}): void {
  if (bytes === 0) throw refuse("ranking file is empty");
  if (opts.maxBytes !== undefined && bytes > opts.maxBytes) throw refuse(`ranking file is ${bytes} bytes; the limit is ${opts.maxBytes}`);
  const budget = rankingFileBudget(expected);
  if (bytes > budget) {
    throw refuse(
      `ranking file is ${bytes} bytes, more than any ranking of this benchmark can be (${budget} bytes: each of its ${expected.queryIds.length} queries ranking all ${expected.corpusIds.length} corpus ids)`,
      { bytes, limit: budget },
    );
  }
}

export function validateRankingFile(buffer: Uint8Array, expected: RankingExpectation, opts: { maxBytes?: number } = {}): ValidatedRanking {
  checkRankingSize(buffer.length, expected, opts);
  const lines = decode(buffer).split("\n");
  if (lines.at(-1) === "") lines.pop(); // one final newline is customary

  const queryIndex = new Map(expected.queryIds.map((id, i) => [id, i]));
  const corpusRow = new Map(expected.corpusIds.map((id, i) => [id, i]));
  const C = expected.corpusIds.length;
  const needed = Math.min(MIN_RANKING_DEPTH, C);
  const rows: (Int32Array | undefined)[] = new Array(expected.queryIds.length);
  const scoreLists: (Float64Array | undefined)[] = new Array(expected.queryIds.length);
  const lineOf = new Map<string, number>();
  const unexpected: string[] = [];
  const seen = new Int32Array(C).fill(-1); // last line that ranked each corpus row
  let minDepth = Infinity, maxDepth = 0;

  lines.forEach((text, i) => {
    const line = i + 1;
    if (text.trim() === "") throw refuse(`line ${line} is empty; write exactly one JSON object per line`);
    const { queryId, corpusIds, scores } = parseLine(text, line);
    const where = `line ${line} (query ${queryId})`;
    const earlier = lineOf.get(queryId);
    if (earlier !== undefined) throw refuse(`${where}: query ${queryId} is ranked twice (first on line ${earlier})`);
    lineOf.set(queryId, line);
    const qi = queryIndex.get(queryId);
    if (qi === undefined) {
      unexpected.push(queryId);
      return;
    }
    if (corpusIds.length !== scores.length) throw refuse(`${where}: ${corpusIds.length} corpus_ids but ${scores.length} scores`);
    if (corpusIds.length < needed) {
      throw refuse(`${where}: ranks ${corpusIds.length} corpus ids; at least the top ${needed} are required`, { line, queryId, depth: corpusIds.length, required: needed });
    }
    const r = new Int32Array(corpusIds.length), s = new Float64Array(scores.length);
    for (let k = 0; k < corpusIds.length; k++) {
      const id = corpusIds[k], score = scores[k];
      if (typeof id !== "string") throw refuse(`${where}: corpus_ids[${k}] is not a string`);
      const row = corpusRow.get(id);
      if (row === undefined) throw refuse(`${where}: corpus id ${JSON.stringify(id)} (rank ${k + 1}) is not in the benchmark`, { line, queryId, corpusId: id });
      if (seen[row] === line) throw refuse(`${where}: corpus id ${JSON.stringify(id)} is ranked twice`, { line, queryId, corpusId: id });
      seen[row] = line;
      if (typeof score !== "number" || !Number.isFinite(score)) throw refuse(`${where}: scores[${k}] is not a finite number`);
      if (k > 0 && score > s[k - 1]) {
        throw refuse(
          `${where}: scores must not increase down the ranking, but rank ${k + 1} (${id}, ${score}) scores above rank ${k} (${corpusIds[k - 1]}, ${s[k - 1]})`,
          { line, queryId, rank: k + 1 },
        );
      }
      r[k] = row;
      s[k] = score;
    }
    // Equal scores are ties, whatever their order in the file: the whole tie group at rank 10
    // must be listed (and be small enough to execute).
    const group = cutOffGroup(s);
    if (group && group.end - group.first > TIE_GROUP_CAP) {
      throw refuse(
        `${where}: ${group.end - group.first} corpus ids share exactly the score ${group.score} across the top-${TOP_K} cut-off; tie groups of at most ${TIE_GROUP_CAP} are executed: give distinct scores to rank them`,
        { line, queryId, tieGroupSize: group.end - group.first, score: group.score, limit: TIE_GROUP_CAP },
      );
    }
    if (group && group.end === r.length && r.length < C) {
      throw refuse(
        `${where}: the corpus ids tied at rank ${TOP_K} (score ${group.score}) continue to the end of its list of ${r.length}; list every corpus id with that score, or give distinct scores to rank them`,
        { line, queryId, score: group.score, depth: r.length },
      );
    }
    rows[qi] = r;
    scoreLists[qi] = s;
    minDepth = Math.min(minDepth, r.length);
    maxDepth = Math.max(maxDepth, r.length);
  });

  const missing = expected.queryIds.filter((_, qi) => rows[qi] === undefined);
  if (missing.length || unexpected.length) {
    const parts = [];
    if (missing.length) parts.push(`${missing.length} missing (${list(missing)})`);
    if (unexpected.length) parts.push(`${unexpected.length} unexpected (${list(unexpected)})`);
    throw refuse(`the ranking's query ids do not match the benchmark's: ${parts.join("; ")}`, {
      missing: missing.slice(0, SHOW),
      missingCount: missing.length,
      unexpected: unexpected.slice(0, SHOW),
      unexpectedCount: unexpected.length,
    });
  }
  return {
    queryCount: expected.queryIds.length,
    corpusCount: C,
    minDepth,
    maxDepth,
    rows: rows as Int32Array[],
    scores: scoreLists as Float64Array[],
  };
}
