// A query's test suite, folded: "N tests", opening to t1, t2, … (both query pages).
export function QueryTests({ tests }: { tests: string[] }) {
  return (
    <details className="mt-3 text-sm">
      <summary className="cursor-pointer text-slate-700">{tests.length} tests</summary>
      <ol className="mt-2 space-y-1 font-mono text-xs text-slate-700">
        {tests.map((t, i) => (
          <li key={i} className="break-words">
            t{i + 1}: {t}
          </li>
        ))}
      </ol>
    </details>
  );
}
