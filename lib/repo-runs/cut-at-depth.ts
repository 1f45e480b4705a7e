// Cutting a full ranking (file, score) at the evaluated depth without ordering any tie:
// - keepTied: the first RUN_DEPTH files and every file tied with the last of them (the server's
//   rankings: metrics take the expectation over the whole group, and positions past the depth
//   never count); a group of more than `cap` files across the cut-off is refused;
// - dropTied: the first RUN_DEPTH files, less the whole tie group that would cross the cut-off
//   (a run file, which may list no more than RUN_DEPTH files: listing part of a tie group would
//   order it; leaving all of it out can only cost the run itself).
// Files are sorted by score, ties by path (bytewise), a listing order that decides nothing.
import { AppError } from "@/lib/errors/app-error";
import { RUN_DEPTH } from "./run-format";

export interface ScoredFile {
  path: string;
  score: number;
}

function sorted(files: ScoredFile[]): ScoredFile[] {
  return files.sort((a, b) => b.score - a.score || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

function groupAtCut(files: readonly ScoredFile[]): { start: number; end: number } | null {
  const cut = Math.min(RUN_DEPTH, files.length);
  if (cut === 0) return null;
  const last = files[cut - 1].score;
  let start = cut - 1, end = cut;
  while (start > 0 && files[start - 1].score === last) start--;
  while (end < files.length && files[end].score === last) end++;
  return { start, end };
}

const lists = (files: readonly ScoredFile[]) => ({ paths: files.map((f) => f.path), scores: files.map((f) => f.score) });

export function keepTied(files: ScoredFile[], sampleId: string, cap: number): { paths: string[]; scores: number[] } {
  const s = sorted(files);
  const g = groupAtCut(s);
  if (!g) return { paths: [], scores: [] };
  if (g.end - g.start > cap) {
    throw new AppError(
      "INVALID_UPLOAD",
      `sample ${sampleId}: ${g.end - g.start} files share exactly the score ${s[g.start].score} across the depth-${RUN_DEPTH} cut-off; tie groups of at most ${cap} are scored. Scores that cannot tell files apart cannot be ranked: check that each chunk gets its own embedding`,
      { sampleId, tieGroupSize: g.end - g.start, score: s[g.start].score, limit: cap },
    );
  }
  return lists(s.slice(0, g.end));
}

export function dropTied(files: ScoredFile[]): { paths: string[]; scores: number[] } {
  const s = sorted(files);
  const g = groupAtCut(s);
  if (!g) return { paths: [], scores: [] };
  return lists(s.slice(0, g.end <= RUN_DEPTH ? g.end : g.start));
}
