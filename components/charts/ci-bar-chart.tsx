"use client";

import { Bar, Cell, ReferenceLine } from "recharts";
import { CHART } from "@/components/charts/colors";
import { CiWhiskers, HBarFrame, whiskers, type HBarLayout } from "./hbar-frame";

export interface CiBar {
  label: string;
  value: number;
  ci: [number, number];
  /** Drawn grey (e.g. a non-mechanical bug type or an unavailable estimate). */
  muted?: boolean;
}

const LAYOUT: HBarLayout = { base: 64, row: 28, initialWidth: 640, margin: { top: 16, right: 20, bottom: 24, left: 4 }, barGap: 6, category: { width: [110, 160], fontSize: [10, 11] } };

// Horizontal bars with 95% interval whiskers (the paper's Figure 5 and per-domain exec@1), with
// optional reference lines (e.g. the overall rate, or 50% = chance).
export function CiBarChart({
  bars,
  max = 1,
  percent = false,
  refs = [],
  axisLabel,
}: {
  bars: CiBar[];
  max?: number;
  percent?: boolean;
  refs?: { x: number; label: string }[];
  axisLabel: string;
}) {
  const fmt = (v: number) => (percent ? `${(v * 100).toFixed(1)}%` : v.toFixed(3));
  const data = bars.map((b) => ({ ...b, err: whiskers(b.value, b.ci) }));
  return (
    <HBarFrame
      data={data}
      layout={LAYOUT}
      x={{
        domain: [0, max],
        ticks: Array.from({ length: 5 }, (_, i) => (max * i) / 4),
        tickFormatter: (v: number) => (percent ? `${Math.round(v * 100)}%` : String(Number(v.toFixed(2)))),
        label: axisLabel,
      }}
      tooltip={(_v, _n, item) => {
        const b = item.payload as CiBar;
        return [`${fmt(b.value)} [${fmt(b.ci[0])}, ${fmt(b.ci[1])}]`, "95% CI"];
      }}
    >
      {refs.map((r) => (
        <ReferenceLine key={r.label} x={r.x} stroke={CHART.label} strokeDasharray="4 3" label={{ value: r.label, position: "top", fontSize: 10, fill: CHART.label }} />
      ))}
      <Bar dataKey="value" isAnimationActive={false}>
        {data.map((b) => (
          <Cell key={b.label} fill={b.muted ? CHART.mutedLight : CHART.info} />
        ))}
        <CiWhiskers />
      </Bar>
    </HBarFrame>
  );
}
