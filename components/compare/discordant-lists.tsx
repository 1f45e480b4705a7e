import type { CompareCandidate } from "@/lib/pages/compare";
import type { DiscordantQuery } from "@/lib/pages/discordant";
import { DiscordantList, type DiscordantListProps } from "./discordant-list";

// Long lists show their first LIMIT queries until the reader asks for all (keeps the page light).
const LIMIT = 100;

function side(title: string, queries: DiscordantQuery[], solver: CompareCandidate, other: CompareCandidate, which: "a" | "b", allHref: string | null): DiscordantListProps {
  const mine = (q: DiscordantQuery) => (which === "a" ? q.a : q.b), theirs = (q: DiscordantQuery) => (which === "a" ? q.b : q.a);
  const shown = allHref ? queries.slice(0, LIMIT) : queries;
  return {
    title,
    rows: shown.map((q) => ({ queryId: q.queryId, functionName: q.functionName, domain: q.domain, mine: mine(q), theirs: theirs(q) })),
    total: queries.length,
    expected: queries.reduce((sum, q) => sum + mine(q) * (1 - theirs(q)), 0),
    certain: queries.every((q) => mine(q) === 1 && theirs(q) === 0),
    solver: { submissionId: solver.submissionId, model: solver.model },
    other: { submissionId: other.submissionId, model: other.model },
    allHref,
  };
}

// The queries behind a pair's discordant counts: solved within the top k by one system and not
// the other (with tied scores: in some orders of the ties), each with both systems' chances
// (✓ certain, ✗ never, else the share of tie orders) and opening both systems' drilldowns.
export function DiscordantLists({ a, b, k, aOnly, bOnly, allHref }: { a: CompareCandidate; b: CompareCandidate; k: number; aOnly: DiscordantQuery[]; bOnly: DiscordantQuery[]; allHref: string | null }) {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <DiscordantList {...side(`${a.model} solves, ${b.model} misses (exec@${k})`, aOnly, a, b, "a", allHref)} />
      <DiscordantList {...side(`${b.model} solves, ${a.model} misses (exec@${k})`, bOnly, b, a, "b", allHref)} />
    </div>
  );
}
