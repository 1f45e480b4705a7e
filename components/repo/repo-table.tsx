import type { ReactNode } from "react";
import { DataTable, type Column } from "@/components/ui/data-table";

// The repository track's tables: a shaded header, bordered, in a keyboard-scrollable box; boxed
// as a card of its own (`standalone`) where it is not inside one. Headings are left-aligned when
// `cell` says so, right-aligned (numbers) by default.
export function RepoTable({
  caption,
  scroll = true,
  columns,
  testId,
  standalone = false,
  cell = "px-2 py-2 text-right",
  children,
}: {
  caption: string;
  scroll?: string | true;
  columns: Column[];
  testId?: string;
  standalone?: boolean;
  cell?: string;
  children: ReactNode;
}) {
  return (
    <DataTable
      caption={caption}
      scroll={scroll}
      scrollClassName={standalone ? "rounded-xl border border-slate-200 bg-white shadow-sm" : "rounded-lg border border-slate-200"}
      className="min-w-full text-sm"
      testId={testId}
      headClassName="border-b border-slate-200 bg-slate-50 text-xs text-slate-700"
      cell={cell}
      columns={columns}
    >
      {children}
    </DataTable>
  );
}

// A left-aligned first column heading of a RepoTable.
export const firstColumn = (label: string): Column => ({ label, className: "px-2 py-2 text-left", key: label });

// A row's heading cell: what the row is (a run, a pair, a task, a policy), with an optional
// second line; `className` sets its weight, colour and wrapping.
export function RowHead({ children, note, className = "font-medium" }: { children: ReactNode; note?: ReactNode; className?: string }) {
  return (
    <th scope="row" className={`px-2 py-2 text-left ${className}`}>
      {children}
      {note !== undefined && <span className="block text-xs font-normal text-slate-500">{note}</span>}
    </th>
  );
}
