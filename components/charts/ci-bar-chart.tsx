"use client";

import { Bar, CartesianGrid, Cell, ComposedChart, ErrorBar, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { useHydrated } from "@/components/ui/use-hydrated";
import { useNarrow } from "./use-narrow";
import { CHART } from "@/components/charts/colors";

export interface CiBar {
  label: string;
  value: number;
  ci: [number, number];
  /** Drawn grey (e.g. a non-mechanical bug type or an unavailable estimate). */
  muted?: boolean;
}

const ROW = 28;

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
  const hydrated = useHydrated();
  const narrow = useNarrow();
  const fmt = (v: number) => (percent ? `${(v * 100).toFixed(1)}%` : v.toFixed(3));
  const data = bars.map((b) => ({ ...b, err: [b.value - b.ci[0], b.ci[1] - b.value] as [number, number] }));
  const height = 64 + ROW * data.length;
  const ticks = Array.from({ length: 5 }, (_, i) => (max * i) / 4);
  return (
    <div style={{ height }} className="w-full overflow-hidden">
      {hydrated && (
        <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 640, height }}>
          <ComposedChart data={data} layout="vertical" margin={{ top: 16, right: 20, bottom: 24, left: 4 }} barCategoryGap={6}>
            <CartesianGrid stroke={CHART.grid} horizontal={false} />
            <XAxis
              type="number"
              domain={[0, max]}
              ticks={ticks}
              tickFormatter={(v: number) => (percent ? `${Math.round(v * 100)}%` : String(Number(v.toFixed(2))))}
              tick={{ fontSize: 11, fill: CHART.tick }}
              label={{ value: axisLabel, position: "insideBottom", offset: -14, fontSize: 11, fill: CHART.label }}
            />
            <YAxis type="category" dataKey="label" width={narrow ? 110 : 160} interval={0} tick={{ fontSize: narrow ? 10 : 11, fill: CHART.category }} />
            <Tooltip
              cursor={{ fill: CHART.cursor }}
              formatter={(_v, _n, item) => {
                const b = item.payload as CiBar;
                return [`${fmt(b.value)} [${fmt(b.ci[0])}, ${fmt(b.ci[1])}]`, "95% CI"];
              }}
            />
            {refs.map((r) => (
              <ReferenceLine key={r.label} x={r.x} stroke={CHART.label} strokeDasharray="4 3" label={{ value: r.label, position: "top", fontSize: 10, fill: CHART.label }} />
            ))}
            <Bar dataKey="value" isAnimationActive={false}>
              {data.map((b) => (
                <Cell key={b.label} fill={b.muted ? CHART.mutedLight : CHART.info} />
              ))}
              <ErrorBar dataKey="err" direction="x" width={6} stroke={CHART.ink} strokeWidth={1.2} />
            </Bar>
          </ComposedChart>
        </ResponsiveContainer>
      )}
    </div>
  );
}
