import Link from "next/link";
import type { TieDiagnostics } from "@/lib/analysis/ties";
import { editBlindExplanation } from "@/lib/pages/ties-view";
import { InfoTip } from "./info-tip";

// The "edit-blind" badge: a word and a symbol (never colour alone), its explanation on hover and
// keyboard focus and as the link's accessible description, and a link to the methodology's tie
// policy (a tap on a phone, where nothing hovers). `id` must be unique on the page.
export function EditBlindBadge({ ties, id, align = "left" }: { ties: TieDiagnostics; id: string; align?: "left" | "right" }) {
  return (
    <InfoTip id={id} text={editBlindExplanation(ties)} align={align}>
      <Link
        href="/methodology#ties"
        aria-describedby={id}
        data-testid="edit-blind-badge"
        className="inline-flex items-center gap-1 whitespace-nowrap rounded bg-amber-50 px-1.5 py-0.5 text-[11px] font-medium leading-4 text-amber-900 ring-1 ring-inset ring-amber-400 hover:bg-amber-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-600"
      >
        <span aria-hidden>≡</span> edit-blind
      </Link>
    </InfoTip>
  );
}
