// A value with its 95% interval underneath: numbers shown to readers carry their uncertainty.
// `format` writes the value and both bounds (a percentage, a signed difference); by default
// they are fixed to `digits` decimals.
export function CiValue({
  value,
  ci,
  digits = 3,
  strong = true,
  align = "end",
  format = (v: number) => v.toFixed(digits),
}: {
  value: number;
  ci: readonly [number, number];
  digits?: number;
  strong?: boolean;
  align?: "start" | "end";
  format?: (v: number) => string;
}) {
  return (
    <span className={align === "start" ? "ci ci-start" : "ci"}>
      <span className={strong ? "font-semibold text-slate-900" : "text-slate-900"}>{format(value)}</span>
      <span className="ci-band">
        <span className="sr-only">95% CI </span>[{format(ci[0])}, {format(ci[1])}]
      </span>
    </span>
  );
}
