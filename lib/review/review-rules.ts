import type { SubmissionStatus } from "@/lib/submissions/status";

// Which review action a submission's state allows. One table, used by the service functions
// (as their guards), the review page (which buttons to offer) and the API (`actions`).
export const REVIEW_ACTIONS = ["publish", "reject", "verify", "unverify", "note", "hide", "rerun"] as const;
export type ReviewAction = (typeof REVIEW_ACTIONS)[number];

export const FROM: Record<"publish" | "reject" | "verify" | "hide" | "rerun", readonly SubmissionStatus[]> = {
  // Publishing a hidden submission puts it back on the leaderboard.
  publish: ["scored", "hidden"],
  reject: ["scored", "published", "hidden"],
  verify: ["scored", "published", "hidden"],
  hide: ["published"],
  // Anything final; a submission still in the pipeline is already being scored.
  rerun: ["scored", "failed", "published", "hidden", "rejected"],
};

export function allowedReviewActions(s: { status: SubmissionStatus; verified: boolean }): ReviewAction[] {
  return REVIEW_ACTIONS.filter((a) => {
    if (a === "note") return true;
    if (a === "unverify") return s.verified;
    if (a === "verify") return !s.verified && FROM.verify.includes(s.status);
    return FROM[a].includes(s.status);
  });
}

export function describeRefusal(action: ReviewAction, status: SubmissionStatus): string {
  if (action === "unverify") return "this submission is not marked verified";
  if (action === "verify" && FROM.verify.includes(status)) return "this submission is already marked verified";
  const from = action === "note" ? [] : FROM[action];
  return `cannot ${action === "rerun" ? "re-run" : action} a submission that is ${status}; only ${from.join(", ")} submissions can be ${PAST[action]}`;
}

const PAST: Record<ReviewAction, string> = {
  publish: "published",
  reject: "rejected",
  verify: "verified",
  unverify: "unverified",
  note: "annotated",
  hide: "hidden",
  rerun: "re-run",
};
