"use client";

import { Area, ComposedChart, Line, ResponsiveContainer, Tooltip, XAxis, YAxis, CartesianGrid } from "recharts";

export interface CurvePoint {
  k: number;
  value: number;
  ciLow: number;
  ciHigh: number;
}

// exec@k against k with its 95% interval as a band (the paper's Figure 3, one system).
export function ExecCurve({ points }: { points: CurvePoint[] }) {
  const data = points.map((p) => ({ k: p.k, value: p.value, band: [p.ciLow, p.ciHigh] as [number, number] }));
  return (
    <div className="h-64 w-full" role="img" aria-label={`exec@k curve: ${points.map((p) => `k=${p.k} ${p.value.toFixed(3)}`).join(", ")}`}>
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={data} margin={{ top: 10, right: 20, bottom: 10, left: 0 }}>
          <CartesianGrid stroke="#e2e8f0" strokeDasharray="3 3" />
          <XAxis dataKey="k" type="number" domain={[1, 10]} ticks={[1, 3, 5, 10]} label={{ value: "k", position: "insideBottomRight", offset: -5 }} />
          <YAxis domain={[0, 1]} ticks={[0, 0.25, 0.5, 0.75, 1]} />
          <Tooltip formatter={(v) => (Array.isArray(v) ? `[${Number(v[0]).toFixed(3)}, ${Number(v[1]).toFixed(3)}]` : Number(v).toFixed(3))} />
          <Area dataKey="band" stroke="none" fill="#10b981" fillOpacity={0.15} isAnimationActive={false} name="95% CI" />
          <Line dataKey="value" stroke="#059669" strokeWidth={2} dot={{ r: 4 }} isAnimationActive={false} name="exec@k" />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}
