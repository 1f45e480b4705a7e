import Link from "next/link";
import type { ProvisionalSystem } from "@/lib/pages/provisional";

// Said wherever the version's cross-submission statistics are shown while some published
// results still come from an older scoring engine (their re-score is automatic and pending).
export function ProvisionalNote({ systems, why = "/methodology#engine" }: { systems: ProvisionalSystem[]; why?: string }) {
  if (systems.length === 0) return null;
  const names = systems.map((s) => s.model);
  const list = names.length <= 3 ? names.join(", ") : `${names.slice(0, 3).join(", ")} and ${names.length - 3} more`;
  return (
    <p role="note" data-testid="provisional-note" className="rounded-lg border border-sky-200 bg-sky-50 px-3 py-2 text-sm text-sky-950">
      <span className="font-semibold">Provisional: </span>
      the results of {list} come from an earlier scoring engine and are being re-scored automatically (
      <Link href={why} className="underline underline-offset-2">
        why
      </Link>
      ); statistics that involve {names.length === 1 ? "it" : "them"} may change when that finishes.
    </p>
  );
}
