import Link from "next/link";
import { InfoTip } from "@/components/ui/info-tip";

// A sortable column header: the label links to the same view sorted by this column (again to
// reverse it); hovering or focusing it shows what the column measures.
export function ColumnHeader({
  id,
  label,
  help,
  href,
  sorted,
  numeric,
  align = "left",
  className = "",
}: {
  id: string;
  label: string;
  help: string;
  href: string;
  sorted: "asc" | "desc" | null;
  numeric: boolean;
  align?: "left" | "right";
  className?: string;
}) {
  return (
    <th
      scope="col"
      aria-sort={sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : undefined}
      className={`whitespace-nowrap px-2 py-2.5 text-xs font-semibold normal-case tracking-normal text-slate-700 ${numeric ? "text-right" : "text-left"} ${className}`}
    >
      <SortLink id={id} label={label} help={help} href={href} sorted={sorted} align={align} />
    </th>
  );
}

export function SortLink({ id, label, help, href, sorted, align = "left" }: { id: string; label: string; help: string; href: string; sorted: "asc" | "desc" | null; align?: "left" | "right" }) {
  const tipId = `col-help-${id}`;
  return (
    <InfoTip id={tipId} text={help} align={align}>
      <Link
        href={href}
        scroll={false}
        aria-describedby={tipId}
        className="inline-flex items-center gap-1 rounded decoration-slate-400 underline-offset-4 hover:underline focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600"
      >
        {label}
        <span aria-hidden className={sorted ? "text-slate-900" : "text-slate-300"}>
          {sorted === "asc" ? "▲" : sorted === "desc" ? "▼" : "↕"}
        </span>
      </Link>
    </InfoTip>
  );
}
