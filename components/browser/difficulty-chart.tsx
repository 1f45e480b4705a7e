"use client";

import { useRouter } from "next/navigation";
import { Bar, BarChart, CartesianGrid, Cell, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { useHydrated } from "@/components/ui/use-hydrated";
import { fmtCount } from "@/components/ui/format";

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
            <CartesianGrid stroke="#e2e8f0" vertical={false} />
            <XAxis
              dataKey="solvedBy"
              tick={{ fontSize: 11, fill: "#475569" }}
              interval="preserveStartEnd"
              label={{ value: "published systems solving the query at rank 1", position: "insideBottom", offset: -14, fontSize: 11, fill: "#334155" }}
            />
            <YAxis allowDecimals={false} width={40} tick={{ fontSize: 11, fill: "#475569" }} />
            <Tooltip cursor={{ fill: "#f1f5f9" }} labelFormatter={(l) => `solved by ${l} system${l === 1 ? "" : "s"}`} formatter={(v) => [fmtCount(Number(v)), "queries (expected)"]} />
            <Bar dataKey="queries" isAnimationActive={false} cursor="pointer" onClick={(d: { payload?: { solvedBy: number } }) => d.payload && router.push(hrefs[d.payload.solvedBy])}>
              {data.map((d) => (
                <Cell key={d.solvedBy} fill={selected === d.solvedBy ? "#047857" : d.solvedBy === 0 ? "#e11d48" : "#34d399"} />
              ))}
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      )}
    </div>
  );
}
