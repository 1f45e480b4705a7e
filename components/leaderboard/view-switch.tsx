import Link from "next/link";
import { BOARD_VIEWS } from "@/lib/pages/leaderboard-params";

const LABELS = { metrics: "All metrics", domains: "By domain" } as const;

// Which table the leaderboard shows: every metric at k, or exec@1 within each domain. In the URL,
// so a view can be shared.
export function ViewSwitch({ show, hrefOf }: { show: (typeof BOARD_VIEWS)[number]; hrefOf: (show: (typeof BOARD_VIEWS)[number]) => string }) {
  return (
    <div className="flex items-center gap-1.5 text-sm" role="group" aria-label="Table">
      {BOARD_VIEWS.map((v) => (
        <Link
          key={v}
          href={hrefOf(v)}
          scroll={false}
          aria-current={v === show ? "true" : undefined}
          className={`rounded-md px-2.5 py-1 font-medium focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600 ${
            v === show ? "bg-slate-900 text-white" : "bg-white text-slate-700 ring-1 ring-inset ring-slate-300 hover:bg-slate-100"
          }`}
        >
          {LABELS[v]}
        </Link>
      ))}
    </div>
  );
}
