"use client";

import type { ComponentProps, ReactNode } from "react";
import { CartesianGrid, ComposedChart, ErrorBar, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { useHydrated } from "@/components/ui/use-hydrated";
import { useNarrow } from "./use-narrow";
import { CHART } from "./colors";

/** A bar's whisker lengths below and above its value, for ErrorBar's `err` key. */
export function whiskers(value: number, ci: readonly [number, number]): [number, number] {
  return [value - ci[0], ci[1] - value];
}

/** The 95% interval whiskers of a bar series whose rows carry `err` (see whiskers). */
export function CiWhiskers() {
  return <ErrorBar dataKey="err" direction="x" width={6} stroke={CHART.ink} strokeWidth={1.2} />;
}

/** A horizontal bar chart's proportions: its height is `base` plus `row` per bar. */
export interface HBarLayout {
  base: number;
  row: number;
  // The width the server and the first client render assume.
  initialWidth: number;
  margin: { top: number; right: number; bottom: number; left: number };
  barGap: number;
  // The category axis's width and font size, on a narrow and on a wide screen.
  category: { width: [narrow: number, wide: number]; fontSize: [narrow: number, wide: number] };
}

// The frame of a horizontal bar chart with interval whiskers (the leaderboard's Figure 2, a
// model's deception and per-domain bars, the repository board): one category row per bar, a
// numeric x axis, drawn once hydrated at a height that grows with the rows; its series are the
// children. The category labels shrink on a phone-narrow screen.
export function HBarFrame<Row extends { label: string }>({
  data,
  layout,
  x,
  tooltip,
  children,
}: {
  data: Row[];
  layout: HBarLayout;
  x: { domain: [number, number]; ticks: number[]; tickFormatter?: (v: number) => string; label: string };
  tooltip: ComponentProps<typeof Tooltip>["formatter"];
  children: ReactNode;
}) {
  const { margin, barGap, category } = layout;
  const height = layout.base + layout.row * data.length;
  const hydrated = useHydrated();
  const narrow = useNarrow() ? 0 : 1;
  return (
    <div style={{ height }} className="w-full overflow-hidden">
      {hydrated && (
        <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: layout.initialWidth, height }}>
          <ComposedChart data={data} layout="vertical" margin={margin} barCategoryGap={barGap}>
            <CartesianGrid stroke={CHART.grid} horizontal={false} />
            <XAxis
              type="number"
              domain={x.domain}
              ticks={x.ticks}
              tickFormatter={x.tickFormatter}
              tick={{ fontSize: 11, fill: CHART.tick }}
              label={{ value: x.label, position: "insideBottom", offset: -14, fontSize: 11, fill: CHART.label }}
            />
            <YAxis type="category" dataKey="label" width={category.width[narrow]} interval={0} tick={{ fontSize: category.fontSize[narrow], fill: CHART.category }} />
            <Tooltip cursor={{ fill: CHART.cursor }} formatter={tooltip} />
            {children}
          </ComposedChart>
        </ResponsiveContainer>
      )}
    </div>
  );
}
