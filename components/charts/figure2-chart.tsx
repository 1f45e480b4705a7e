"use client";

import { Bar, Cell, Line, ReferenceLine } from "recharts";
import { CHART } from "@/components/charts/colors";
import { CiWhiskers, HBarFrame, whiskers, type HBarLayout } from "./hbar-frame";
import { useNarrow } from "./use-narrow";

export interface Figure2Point {
  id: string;
  name: string;
  exec1: number;
  ci: [number, number];
  exec5: number;
  baseline: boolean;
  selected: boolean;
}

const LAYOUT: HBarLayout = { base: 70, row: 24, initialWidth: 880, margin: { top: 18, right: 16, bottom: 24, left: 4 }, barGap: 5, category: { width: [104, 170], fontSize: [9.5, 11] } };

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
  const data = points.map((p) => ({
    ...p,
    label: `${p.selected ? "● " : ""}${p.name}${p.baseline ? " (baseline)" : ""}`,
    err: whiskers(p.exec1, p.ci),
  }));
  const narrow = useNarrow();
  return (
    <HBarFrame
      data={data}
      layout={LAYOUT}
      x={{ domain: [0, 1], ticks: narrow ? [0, 0.5, 1] : [0, 0.2, 0.4, 0.6, 0.8, 1], label: "exec@1 (bars, 95% CI) · exec@5 (◆)" }}
      tooltip={(value, name, item) => {
        const p = item.payload as (typeof data)[number];
        if (name === "exec@1") return [`${p.exec1.toFixed(3)} [${p.ci[0].toFixed(3)}, ${p.ci[1].toFixed(3)}]`, "exec@1 (95% CI)"];
        return [Number(value).toFixed(3), String(name)];
      }}
    >
      <Bar dataKey="exec1" name="exec@1" isAnimationActive={false}>
        {data.map((p) => (
          <Cell key={p.id} fill={p.baseline ? CHART.muted : p.selected ? CHART.goodDeep : CHART.goodLight} />
        ))}
        <CiWhiskers />
      </Bar>
      {chanceLines(chance).map(({ className, x, stroke, dash, label }) => (
        <ReferenceLine key={className} x={x} stroke={stroke} strokeDasharray={dash} strokeWidth={1.5} ifOverflow="extendDomain" className={className} label={label} />
      ))}
      <Line dataKey="exec5" name="exec@5" stroke="none" isAnimationActive={false} dot={<Diamond />} activeDot={false} legendType="diamond" />
    </HBarFrame>
  );
}
