// Submission statuses as the vendor pages show them. Kept free of server imports so client
// components can use it (lib/submissions/status.ts reaches the database).
export type Status = "queued" | "validating" | "ranking" | "executing" | "scoring" | "scored" | "failed" | "published" | "rejected" | "hidden";

export const RUNNING: readonly Status[] = ["queued", "validating", "ranking", "executing", "scoring"];
export const FINAL: readonly Status[] = ["scored", "failed", "published", "rejected", "hidden"];

export const STAGES = [
  { status: "queued", label: "Queued", unit: null },
  { status: "validating", label: "Validating the file", unit: null },
  { status: "ranking", label: "Ranking the corpus", unit: "queries" },
  { status: "executing", label: "Executing top-10 snippets", unit: "pairs" },
  { status: "scoring", label: "Scoring", unit: "queries" },
] as const satisfies readonly { status: Status; label: string; unit: string | null }[];

export const STATUS_TEXT: Record<Status, string> = {
  queued: "Queued",
  validating: "Validating",
  ranking: "Ranking",
  executing: "Executing",
  scoring: "Scoring",
  scored: "Scored · awaiting review",
  failed: "Failed",
  published: "Published",
  rejected: "Rejected",
  hidden: "Hidden",
};
