import type { ReactNode } from "react";
import { ScrollBox } from "./scroll-box";

// A column heading: its label alone (styled with the table's `cell` class) or with a class of
// its own (an alignment, the last column's padding), and the order the rows are sorted in by it.
export type Column = string | { label: ReactNode; className: string; key?: string; sort?: "ascending" | "descending" };

function columnKey(c: Column, i: number): string {
  return typeof c === "string" ? c : (c.key ?? (typeof c.label === "string" ? c.label : String(i)));
}

// A table's header row: one <th scope="col"> a column.
export function TableHead({ columns, className, cell }: { columns: Column[]; className?: string; cell?: string }) {
  return (
    <thead className={className || undefined}>
      <tr>
        {columns.map((c, i) => (
          <th key={columnKey(c, i)} scope="col" className={typeof c === "string" ? cell : c.className} aria-sort={typeof c === "string" ? undefined : c.sort}>
            {typeof c === "string" ? c : c.label}
          </th>
        ))}
      </tr>
    </thead>
  );
}

type DataTableProps = {
  // Read by screen readers (a visually hidden caption unless `captionClassName` shows it), and the
  // scroll box's name unless `scroll` names it.
  caption: string;
  captionClassName?: string;
  columns: Column[];
  // The body's rows.
  children: ReactNode;
  className: string;
  headClassName?: string;
  cell?: string;
  bodyClassName?: string;
  testId?: string;
  // The scroll box around a table that may be wider than the screen: its name (true: the caption),
  // or false for a table that sits in a layout of its own.
  scroll?: string | boolean;
  scrollClassName?: string;
};

// The site's data table: a hidden caption, a header row of column headings and the rows given,
// in a keyboard-scrollable box unless asked otherwise.
export function DataTable({ caption, captionClassName = "sr-only", columns, children, className, headClassName, cell, bodyClassName = "divide-y divide-slate-100", testId, scroll = true, scrollClassName }: DataTableProps) {
  const table = (
    <table className={className} data-testid={testId}>
      <caption className={captionClassName}>{caption}</caption>
      <TableHead columns={columns} className={headClassName} cell={cell} />
      <tbody className={bodyClassName || undefined}>{children}</tbody>
    </table>
  );
  if (scroll === false) return table;
  return (
    <ScrollBox label={scroll === true ? caption : scroll} className={scrollClassName}>
      {table}
    </ScrollBox>
  );
}
