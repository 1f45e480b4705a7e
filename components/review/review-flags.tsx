import Link from "next/link";
import type { ReviewFlag } from "@/lib/review/review-flags";

const LABEL: Record<ReviewFlag["kind"], string> = {
  "high-exec1": "exec@1 ≥ 0.95",
  "edit-blind": "edit-blind",
  "duplicate-file": "duplicate file",
  "repeated-failures": "repeated failures",
};

// A submission's review flags in words: what to look at before publishing.
export function ReviewFlags({ flags }: { flags: ReviewFlag[] }) {
  if (flags.length === 0) return null;
  return (
    <ul aria-label="Review flags" className="space-y-0.5 text-sm" data-testid="review-flags">
      {flags.map((f) => (
        <li key={f.kind} data-flag={f.kind} className="flex flex-wrap items-baseline gap-x-2 text-amber-950">
          <span className="rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-900 ring-1 ring-inset ring-amber-300">
            <span aria-hidden>⚑ </span>
            {LABEL[f.kind]}
          </span>
          <span>
            {f.message}
            {f.related.length > 0 && (
              <>
                {": "}
                {f.related.map((r, i) => (
                  <span key={r.id}>
                    {i > 0 && ", "}
                    <Link prefetch={false} href={`/review/${r.id}`} className="underline underline-offset-2">
                      {r.model}
                    </Link>{" "}
                    ({r.status})
                  </span>
                ))}
              </>
            )}
          </span>
        </li>
      ))}
    </ul>
  );
}
