import Link from "next/link";
import { humanize } from "@/components/ui/format";
import type { HeatmapRow } from "@/lib/pages/per-domain-exec";
import { DataTable } from "@/components/ui/data-table";

// Shade of a cell: stronger for higher exec@1 relative to the table's best cell (the colour
// itself is in globals.css, .hm-cell, for either scheme). The number is always printed, so the
// colour is never the only signal; the text keeps its contrast on the strongest shade.
function shade(v: number, max: number): React.CSSProperties {
  return { "--t": max > 0 ? Math.min(1, v / max).toFixed(3) : "0" } as React.CSSProperties;
}

// The paper's Figure 6b: exec@1 of every published system within every domain. A cell opens
// that system's queries in that domain; its title (hover, and the link's description for screen
// readers) gives the interval and counts.
export function DomainHeatmap({ rows, domains }: { rows: HeatmapRow[]; domains: string[] }) {
  const values = rows.flatMap((r) => [...r.cells.values()].flatMap((c) => (c.exec1.available ? [c.exec1.value] : [])));
  const max = Math.max(0, ...values);
  return (
    <DataTable caption="exec@1 per domain (columns) for each published system (rows), with 95% intervals on hover" scroll="exec@1 by domain and system" className="min-w-full border-separate border-spacing-0.5 text-xs" bodyClassName="" cell="w-16 min-w-[4rem] px-1 py-1 text-center align-bottom font-medium leading-tight text-slate-700"
      columns={[{ label: "System", className: "sticky left-0 z-10 bg-white px-2 py-1 text-left font-semibold text-slate-700" }, ...domains.map(humanize)]}
    >
      {rows.map((r) => (
        <tr key={r.submissionId}>
          <th scope="row" className="sticky left-0 z-10 max-w-[12rem] truncate bg-white px-2 py-1 text-left font-medium">
            <Link href={`/submissions/${r.submissionId}`} className="text-slate-900 underline-offset-2 hover:underline">
              {r.model}
            </Link>
          </th>
          {domains.map((d) => {
            const c = r.cells.get(d);
            if (!c || !c.exec1.available) {
              return (
                <td key={d} className="bg-slate-50 px-1 py-1 text-center text-slate-500">
                  —
                </td>
              );
            }
            const label = `${r.model}, ${humanize(d)}: exec@1 ${c.exec1.value.toFixed(3)} [${c.exec1.ci95[0].toFixed(3)}, ${c.exec1.ci95[1].toFixed(3)}], ${c.solved} of ${c.queries} queries`;
            return (
              <td key={d} className="hm-cell" style={shade(c.exec1.value, max)}>
                <Link href={`/submissions/${r.submissionId}?domain=${encodeURIComponent(d)}#queries`} title={label} className="hm-link">
                  {c.exec1.value.toFixed(2)}
                </Link>
              </td>
            );
          })}
        </tr>
      ))}
    </DataTable>
  );
}
