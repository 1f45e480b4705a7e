import type { CheckReport } from "@/lib/browser-check/check-report";

// The in-browser check's findings as a checklist. Each line says "passed" or "failed" in words
// (for screen readers and without colour), with the detail.
export function FileCheckList({ report }: { report: CheckReport }) {
  return (
    <ul aria-label="File check results" className="divide-y divide-slate-100 rounded border border-slate-200 bg-white text-sm">
      {report.items.map((item) => (
        <li key={item.label} data-ok={item.ok} className="flex gap-3 px-3 py-2">
          <span aria-hidden="true" className={`mt-0.5 font-bold ${item.ok ? "text-emerald-700" : "text-rose-700"}`}>
            {item.ok ? "✓" : "✕"}
          </span>
          <span className="min-w-0">
            <span className="font-medium">
              {item.label}
              <span className="sr-only">{item.ok ? ": passed" : ": failed"}</span>
            </span>
            <span className={`block break-words ${item.ok ? "text-slate-600" : "text-rose-800"}`}>{item.detail}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}
