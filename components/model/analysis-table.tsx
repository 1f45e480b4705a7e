import type { ReactNode } from "react";
import { DataTable } from "@/components/ui/data-table";

export interface AnalysisRow {
  key: string | number;
  // The row's heading (what the row is about).
  head: ReactNode;
  // Its numbers, one per column after the first.
  cells: ReactNode[];
}

const CELL = "py-1.5 pr-2 text-right tabular-nums";
const LAST = "py-1.5 text-right tabular-nums";

// The model page's compact analysis tables (per domain, pool density, deception, misses): no box
// of their own, a rule under the header, the first column a row heading, the numbers on the right.
export function AnalysisTable({ caption, visibleCaption = false, columns, rows, className = "min-w-full text-sm" }: { caption: string; visibleCaption?: boolean; columns: ReactNode[]; rows: AnalysisRow[]; className?: string }) {
  const [first, ...rest] = columns;
  return (
    <DataTable
      scroll={false}
      caption={caption}
      captionClassName={visibleCaption ? "mb-1 text-left text-sm font-medium text-slate-800" : undefined}
      className={className}
      headClassName="border-b border-slate-200 text-xs text-slate-600"
      columns={[
        { label: first, className: "py-1.5 pr-2 text-left font-semibold", key: "head" },
        ...rest.map((label, i) => ({ label, className: `${i === rest.length - 1 ? LAST : CELL} font-semibold`, key: String(i) })),
      ]}
    >
      {rows.map((r) => (
        <tr key={r.key}>
          <th scope="row" className="py-1.5 pr-2 text-left font-normal">
            {r.head}
          </th>
          {r.cells.map((c, i) => (
            <td key={i} className={i === r.cells.length - 1 ? LAST : CELL}>
              {c}
            </td>
          ))}
        </tr>
      ))}
    </DataTable>
  );
}
