"use client";

import { Bar, BarChart, CartesianGrid, Cell, Legend, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { CHART } from "@/components/charts/colors";
import { useHydrated } from "@/components/ui/use-hydrated";

export interface HistogramBin {
  from: number;
  to: number;
  counts: number[];
}

export interface HistogramSeries {
  name: string;
  color: string;
}

// A histogram of per-query values (the paper's Figure 4). With one series and `signColors`,
// bins below zero are drawn red and the rest green, with a line at zero; with two series the
// bars overlap side by side (canonical vs best distractor).
export function HistogramChart({
  bins,
  series,
  xLabel,
  signColors,
  digits = 3,
}: {
  bins: HistogramBin[];
  series: HistogramSeries[];
  xLabel: string;
  signColors?: { negative: string; positive: string };
  digits?: number;
}) {
  const hydrated = useHydrated();
  const data = bins.map((b) => ({ mid: (b.from + b.to) / 2, from: b.from, to: b.to, ...Object.fromEntries(series.map((s, i) => [s.name, b.counts[i]])) }));
  const width = bins.length ? bins[0].to - bins[0].from : 1;
  return (
    <div className="h-64 w-full overflow-hidden">
      {hydrated && (
        <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 560, height: 256 }}>
          <BarChart data={data} margin={{ top: 8, right: 12, bottom: 24, left: 0 }} barGap={0} barCategoryGap={0}>
            <CartesianGrid stroke={CHART.grid} vertical={false} />
            <XAxis
              dataKey="mid"
              type="number"
              domain={[bins[0]?.from ?? 0, bins[bins.length - 1]?.to ?? 1]}
              tickFormatter={(v: number) => v.toFixed(digits > 2 ? 2 : digits)}
              tick={{ fontSize: 11, fill: CHART.tick }}
              label={{ value: xLabel, position: "insideBottom", offset: -14, fontSize: 11, fill: CHART.label }}
              allowDataOverflow
            />
            <YAxis allowDecimals={false} tick={{ fontSize: 11, fill: CHART.tick }} width={40} />
            <Tooltip
              labelFormatter={(_l, payload) => {
                const p = payload?.[0]?.payload as { from: number; to: number } | undefined;
                return p ? `${p.from.toFixed(digits)} to ${p.to.toFixed(digits)}` : "";
              }}
            />
            {signColors && <ReferenceLine x={0} stroke={CHART.ink} strokeDasharray="3 3" />}
            {series.length > 1 && <Legend verticalAlign="top" height={24} wrapperStyle={{ fontSize: 12 }} />}
            {series.map((s) => (
              <Bar key={s.name} dataKey={s.name} fill={s.color} fillOpacity={series.length > 1 ? 0.75 : 1} isAnimationActive={false} maxBarSize={Math.max(2, 600 * width)}>
                {signColors && data.map((d) => <Cell key={d.from} fill={d.to <= 0 ? signColors.negative : signColors.positive} />)}
              </Bar>
            ))}
          </BarChart>
        </ResponsiveContainer>
      )}
    </div>
  );
}
