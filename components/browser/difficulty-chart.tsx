"use client";

import { useRouter } from "next/navigation";
import { Bar, BarChart, CartesianGrid, Cell, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { useHydrated } from "@/components/ui/use-hydrated";
import { fmtCount } from "@/components/ui/format";
import { CHART } from "@/components/charts/colors";

// The paper's Figure 6a: how many queries are solved at rank 1 by exactly s of the published
// systems (expected numbers when systems' rank 1 is a tie). A bar opens the browser filtered to those queries (the filter form does the same
// without a mouse).
export function DifficultyChart({ histogram, hrefs, selected }: { histogram: number[]; hrefs: string[]; selected: number | null }) {
  const hydrated = useHydrated();
  const router = useRouter();
  const data = histogram.map((queries, solvedBy) => ({ solvedBy, queries }));
  return (
    <div className="h-56 w-full overflow-hidden">
      {hydrated && (
        <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 560, height: 224 }}>
          <BarChart data={data} margin={{ top: 8, right: 8, bottom: 24, left: 0 }} barCategoryGap={2}>
            <CartesianGrid stroke={CHART.grid} vertical={false} />
            <XAxis
              dataKey="solvedBy"
              tick={{ fontSize: 11, fill: CHART.tick }}
              interval="preserveStartEnd"
              label={{ value: "published systems solving the query at rank 1", position: "insideBottom", offset: -14, fontSize: 11, fill: CHART.label }}
            />
            <YAxis allowDecimals={false} width={40} tick={{ fontSize: 11, fill: CHART.tick }} />
            <Tooltip cursor={{ fill: CHART.cursor }} labelFormatter={(l) => `solved by ${l} system${l === 1 ? "" : "s"}`} formatter={(v) => [fmtCount(Number(v)), "queries (expected)"]} />
            <Bar dataKey="queries" isAnimationActive={false} cursor="pointer" onClick={(d: { payload?: { solvedBy: number } }) => d.payload && router.push(hrefs[d.payload.solvedBy])}>
              {data.map((d) => (
                <Cell key={d.solvedBy} fill={selected === d.solvedBy ? CHART.goodDeep : d.solvedBy === 0 ? CHART.bad : CHART.goodLight} />
              ))}
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      )}
    </div>
  );
}
