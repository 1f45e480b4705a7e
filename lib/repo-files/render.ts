// The canonical rendering of a ranked file in a context window, which budgeted context yield
// packs (lib/repo-metrics/bcy.ts):
//
//   ### <path>\n<content>\n
//
// A file costs T(header) + T(content) + 1 tokens (the closing newline; none for an empty file),
// each part tokenized on its own by the canonical tokenizer (lib/tokenizer, cl100k_base), so a
// file's cost never depends on its neighbours in a ranking.
import { countTokens } from "@/lib/tokenizer/cl100k";

export function renderedHeader(path: string): string {
  return `### ${path}\n`;
}

export function headerTokens(path: string): number {
  return countTokens(renderedHeader(path));
}

/** A file's cost in a budget from its parts' token counts. */
export function fileCost(header: number, content: number): number {
  return header + content + (content > 0 ? 1 : 0);
}
