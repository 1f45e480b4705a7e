"use client";

import { Area, CartesianGrid, ComposedChart, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { CHART } from "@/components/charts/colors";
import { useHydrated } from "@/components/ui/use-hydrated";

export interface CiPoint {
  x: number;
  value: number;
  ci: [number, number];
}

// A value against x with its 95% interval as a band: exec@k against k (the paper's Figure 3,
// one system) and expected exec@1 against retained distractors (Table 4).
export function CiLineChart({ points, xLabel, yLabel, ticks }: { points: CiPoint[]; xLabel: string; yLabel: string; ticks: number[] }) {
  const hydrated = useHydrated();
  const data = points.map((p) => ({ x: p.x, value: p.value, band: p.ci }));
  return (
    <div className="h-60 w-full overflow-hidden">
      {hydrated && (
        <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 480, height: 240 }}>
          <ComposedChart data={data} margin={{ top: 10, right: 16, bottom: 24, left: 0 }}>
            <CartesianGrid stroke={CHART.grid} strokeDasharray="3 3" />
            <XAxis
              dataKey="x"
              type="number"
              domain={[Math.min(...ticks), Math.max(...ticks)]}
              ticks={ticks}
              tick={{ fontSize: 11, fill: CHART.tick }}
              label={{ value: xLabel, position: "insideBottom", offset: -14, fontSize: 11, fill: CHART.label }}
            />
            <YAxis domain={[0, 1]} ticks={[0, 0.25, 0.5, 0.75, 1]} tick={{ fontSize: 11, fill: CHART.tick }} width={40} />
            <Tooltip formatter={(v) => (Array.isArray(v) ? `[${Number(v[0]).toFixed(3)}, ${Number(v[1]).toFixed(3)}]` : Number(v).toFixed(3))} labelFormatter={(l) => `${xLabel} = ${l}`} />
            <Area dataKey="band" stroke="none" fill={CHART.good} fillOpacity={0.18} isAnimationActive={false} name="95% CI" />
            <Line dataKey="value" stroke={CHART.goodDeep} strokeWidth={2} dot={{ r: 3.5, fill: CHART.goodDeep }} isAnimationActive={false} name={yLabel} />
          </ComposedChart>
        </ResponsiveContainer>
      )}
    </div>
  );
}
