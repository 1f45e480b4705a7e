"use client";

import { useNarrow } from "./use-narrow";
import { Bar, CartesianGrid, Cell, ComposedChart, ErrorBar, Line, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { CHART } from "@/components/charts/colors";
import { useHydrated } from "@/components/ui/use-hydrated";

export interface Figure2Point {
  id: string;
  name: string;
  exec1: number;
  ci: [number, number];
  exec5: number;
  baseline: boolean;
  selected: boolean;
}

const ROW = 24;

// exec@k marker: a diamond, as in the paper's Figure 2.
function Diamond(props: { cx?: number; cy?: number }) {
  const { cx, cy } = props;
  if (cx === undefined || cy === undefined) return <g />;
  return <path d={`M${cx},${cy - 5} L${cx + 5},${cy} L${cx},${cy + 5} L${cx - 5},${cy} Z`} fill={CHART.ink} stroke={CHART.surface} strokeWidth={1} />;
}

// The chance lines, exec@5's (dotted) under exec@1's (dashed, labelled).
function chanceLines(chance: { exec1: number; exec5: number }) {
  return [
    { className: "chance-line-5", x: chance.exec5, stroke: CHART.reference, dash: "1 3", label: undefined },
    { className: "chance-line", x: chance.exec1, stroke: CHART.label, dash: "5 3", label: { value: "chance", position: "top" as const, fontSize: 10.5, fill: CHART.label, offset: 4 } },
  ];
}

// The paper's Figure 2: exec@1 bars with 95% bootstrap whiskers, exec@5 as diamonds, one row
// per system in exec@1 order. Baselines are grey and hatched-free but labelled in the name;
// selected systems are drawn darker and marked with "●" in their label. The chance line (the
// exact exec@1 of a uniformly random ranking) is a dashed reference line, exec@5's a dotted
// one: a reference, not a system, so it has no bar of its own.
export function Figure2Chart({ points, chance }: { points: Figure2Point[]; chance: { exec1: number; exec5: number } }) {
  const hydrated = useHydrated();
  const data = points.map((p) => ({
    ...p,
    label: `${p.selected ? "● " : ""}${p.name}${p.baseline ? " (baseline)" : ""}`,
    err: [p.exec1 - p.ci[0], p.ci[1] - p.exec1] as [number, number],
  }));
  const narrow = useNarrow();
  const height = 70 + ROW * data.length;
  return (
    <div style={{ height }} className="w-full overflow-hidden">
      {hydrated && (
        <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 880, height }}>
          <ComposedChart data={data} layout="vertical" margin={{ top: 18, right: 16, bottom: 24, left: 4 }} barCategoryGap={5}>
            <CartesianGrid stroke={CHART.grid} horizontal={false} />
            <XAxis
              type="number"
              domain={[0, 1]}
              ticks={narrow ? [0, 0.5, 1] : [0, 0.2, 0.4, 0.6, 0.8, 1]}
              tick={{ fontSize: 11, fill: CHART.tick }}
              label={{ value: "exec@1 (bars, 95% CI) · exec@5 (◆)", position: "insideBottom", offset: -14, fontSize: 11, fill: CHART.label }}
            />
            <YAxis type="category" dataKey="label" width={narrow ? 104 : 170} interval={0} tick={{ fontSize: narrow ? 9.5 : 11, fill: CHART.category }} />
            <Tooltip
              cursor={{ fill: CHART.cursor }}
              formatter={(value, name, item) => {
                const p = item.payload as (typeof data)[number];
                if (name === "exec@1") return [`${p.exec1.toFixed(3)} [${p.ci[0].toFixed(3)}, ${p.ci[1].toFixed(3)}]`, "exec@1 (95% CI)"];
                return [Number(value).toFixed(3), String(name)];
              }}
            />
            <Bar dataKey="exec1" name="exec@1" isAnimationActive={false}>
              {data.map((p) => (
                <Cell key={p.id} fill={p.baseline ? CHART.muted : p.selected ? CHART.goodDeep : CHART.goodLight} />
              ))}
              <ErrorBar dataKey="err" direction="x" width={6} stroke={CHART.ink} strokeWidth={1.2} />
            </Bar>
            {chanceLines(chance).map(({ className, x, stroke, dash, label }) => (
              <ReferenceLine key={className} x={x} stroke={stroke} strokeDasharray={dash} strokeWidth={1.5} ifOverflow="extendDomain" className={className} label={label} />
            ))}
            <Line dataKey="exec5" name="exec@5" stroke="none" isAnimationActive={false} dot={<Diamond />} activeDot={false} legendType="diamond" />
          </ComposedChart>
        </ResponsiveContainer>
      )}
    </div>
  );
}
