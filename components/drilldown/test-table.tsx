import { DataTable } from "@/components/ui/data-table";
import { passSummary, type TestResultView } from "@/lib/drilldown/test-results";

const TONE = {
  pass: "text-emerald-800",
  fail: "text-rose-800",
  error: "text-rose-900",
} as const;

// A snippet's tests: each assert, its outcome in words, the exception type behind a failure and
// the value the candidate's call returned when the runner reported it. Open by default for a
// snippet that fails (where the reader looks), folded for one that passes everything.
export function TestTable({ tests, passed, caption }: { tests: TestResultView[]; passed: number; caption: string }) {
  const failing = tests.filter((t) => t.tone !== null && t.tone !== "pass");
  const executed = tests.some((t) => t.outcome !== null);
  return (
    <details open={failing.length > 0} className="mt-3 text-sm">
      <summary className="cursor-pointer font-medium text-slate-800">
        {executed ? passSummary(passed, tests.length) : `${tests.length} tests (not executed)`}
        {failing.length > 0 && failing.length <= 3 && <span className="font-normal text-slate-600"> · fails {failing.map((t) => `t${t.index}`).join(", ")}</span>}
      </summary>
      <div className="mt-2 overflow-x-auto">
        <DataTable scroll={false} caption={caption} className="min-w-full text-left text-xs" headClassName="border-b border-slate-200 text-slate-600" bodyClassName="divide-y divide-slate-100 align-top"
          columns={[{ label: "Test", className: "py-1 pr-2 font-semibold" }, { label: "Assert", className: "py-1 pr-3 font-semibold" }, { label: "Outcome", className: "py-1 font-semibold" }]}
        >
          {tests.map((t) => (
            <tr key={t.index} data-outcome={t.outcome ?? "none"}>
              <th scope="row" className="whitespace-nowrap py-1 pr-2 font-mono font-normal text-slate-600">
                t{t.index}
              </th>
              <td className="py-1 pr-3">
                <code className="break-all font-mono text-slate-800">{t.assert}</code>
              </td>
              <td className={`min-w-[10rem] py-1 ${t.tone ? TONE[t.tone] : "text-slate-600"}`}>
                <span aria-hidden>{t.tone === "pass" ? "✓ " : t.tone ? "✗ " : ""}</span>
                {t.words}
                {t.exception && t.tone !== "pass" && !t.words.includes(t.exception) && <span className="font-mono"> ({t.exception})</span>}
                {t.returned !== null && (
                  <span className="mt-0.5 block text-slate-700">
                    returned <code className="break-all rounded bg-slate-100 px-1 font-mono">{t.returned}</code>
                    {t.returnedTruncated && <span className="text-slate-500"> (cut)</span>}
                  </span>
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      </div>
    </details>
  );
}
