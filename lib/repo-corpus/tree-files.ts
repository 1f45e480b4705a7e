// Which entries of a commit's tree can be corpus files, from the tree alone: regular files of at
// most MAX_FILE_BYTES. Symbolic links and submodules are never files of the corpus; whether a
// candidate is text is decided from its bytes (build-snapshot.ts).
import { MAX_FILE_BYTES } from "@/lib/repo-files/file-text";
import type { TreeEntry } from "@/lib/git/read-only-git";

export interface TreeClassification {
  candidates: TreeEntry[];
  excluded: { symlink: number; submodule: number; too_large: number; binary: number };
}

export function classifyTree(tree: readonly TreeEntry[]): TreeClassification {
  const excluded = { symlink: 0, submodule: 0, too_large: 0, binary: 0 };
  const candidates: TreeEntry[] = [];
  for (const e of tree) {
    if (e.mode === "120000") excluded.symlink++;
    else if (e.mode === "160000") excluded.submodule++;
    else if (e.size > MAX_FILE_BYTES) excluded.too_large++;
    else candidates.push(e);
  }
  return { candidates, excluded };
}

/** Why a path of the tree is not a corpus candidate, or null when it is one (or is not in the tree). */
export function treeExclusion(tree: readonly TreeEntry[], path: string): "symlink" | "submodule" | "too_large" | null {
  const e = tree.find((x) => x.path === path);
  if (!e) return null;
  return e.mode === "120000" ? "symlink" : e.mode === "160000" ? "submodule" : e.size > MAX_FILE_BYTES ? "too_large" : null;
}
