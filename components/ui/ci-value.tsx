import { fmtCi } from "./format";

// A value with its 95% interval underneath: numbers shown to readers carry their uncertainty.
export function CiValue({ value, ci, digits = 3, strong = true, align = "end" }: { value: number; ci: readonly [number, number]; digits?: number; strong?: boolean; align?: "start" | "end" }) {
  return (
    <span className={align === "start" ? "ci ci-start" : "ci"}>
      <span className={strong ? "font-semibold text-slate-900" : "text-slate-900"}>{value.toFixed(digits)}</span>
      <span className="ci-band">
        <span className="sr-only">95% CI </span>
        {fmtCi(ci, digits)}
      </span>
    </span>
  );
}
