// A maintainer's marks on a submission: verified, and a warning note. Text first; the icon and
// colour only reinforce it.
export function VerifiedBadge() {
  return (
    <span className="inline-flex items-center gap-1 rounded-full border border-emerald-300 bg-white px-2 py-0.5 text-xs font-medium text-emerald-800">
      <span aria-hidden="true">✓</span>
      Verified
    </span>
  );
}

export function WarningNote({ note }: { note: string }) {
  return (
    <p className="flex items-start gap-2 rounded border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
      <span aria-hidden="true" className="font-bold">
        ⚠
      </span>
      <span>
        <span className="font-semibold">Maintainer note: </span>
        {note}
      </span>
    </p>
  );
}
