import { describe, expect, it } from "vitest";
import { canSeeSubmission } from "@/lib/auth/policies";
import { allowedReviewActions, describeRefusal } from "@/lib/review/review-rules";
import type { SubmissionStatus } from "@/lib/submissions/status";

// Which review actions each state allows: what the review page offers and the services enforce.
describe("review rules", () => {
  const allowed = (status: SubmissionStatus, verified = false) => allowedReviewActions({ status, verified });

  it("offers publish, reject, verify, note and re-run for a scored submission awaiting review", () => {
    expect(allowed("scored")).toEqual(["publish", "reject", "verify", "note", "rerun"]);
  });

  it("offers hide (not publish) for a published one, and publish again for a hidden one", () => {
    expect(allowed("published")).toEqual(["reject", "verify", "note", "hide", "rerun"]);
    expect(allowed("hidden", true)).toEqual(["publish", "reject", "unverify", "note", "rerun"]);
  });

  it("only annotates or re-runs rejected and failed submissions, and never touches one in the pipeline", () => {
    expect(allowed("rejected")).toEqual(["note", "rerun"]);
    expect(allowed("failed")).toEqual(["note", "rerun"]);
    for (const s of ["queued", "validating", "ranking", "executing", "scoring"] as const) expect(allowed(s)).toEqual(["note"]);
  });

  it("explains a refusal by naming the states that would allow it", () => {
    expect(describeRefusal("hide", "scored")).toBe("cannot hide a submission that is scored; only published submissions can be hidden");
    expect(describeRefusal("rerun", "executing")).toBe("cannot re-run a submission that is executing; only scored, failed, published, hidden, rejected submissions can be re-run");
    expect(describeRefusal("verify", "published")).toBe("this submission is already marked verified");
    expect(describeRefusal("unverify", "published")).toBe("this submission is not marked verified");
  });

  it("keeps hidden and rejected submissions private to their owner and maintainers", () => {
    for (const status of ["hidden", "rejected"]) {
      const s = { userId: "owner", status };
      expect(canSeeSubmission({ userId: "owner", email: "o@x", role: "vendor" }, s)).toBe(true);
      expect(canSeeSubmission({ userId: "m", email: "m@x", role: "maintainer" }, s)).toBe(true);
      expect(canSeeSubmission({ userId: "other", email: "v@x", role: "vendor" }, s)).toBe(false);
      expect(canSeeSubmission(null, s)).toBe(false);
    }
  });
});
