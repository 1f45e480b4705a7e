import type { SubmissionView } from "@/lib/submissions/get-submission";

// A submission's pipeline history, oldest first, folded away under its summary (the vendor's
// status page and the maintainer's review page).
export function HistoryList({ history, title }: { history: SubmissionView["history"]; title: string }) {
  return (
    <details className="rounded-lg border border-slate-200 bg-white p-4 text-sm">
      <summary className="cursor-pointer font-semibold">
        {title} ({history.length} steps)
      </summary>
      <ol className="mt-3 space-y-1">
        {history.map((h, i) => (
          <li key={i} className="grid gap-x-3 sm:grid-cols-[12rem_7rem_1fr]">
            <time dateTime={h.at} className="tabular-nums text-slate-500">
              {h.at.replace("T", " ").slice(0, 19)}
            </time>
            <span className="font-medium">{h.status}</span>
            <span className="break-words text-slate-700">{h.message}</span>
          </li>
        ))}
      </ol>
    </details>
  );
}
