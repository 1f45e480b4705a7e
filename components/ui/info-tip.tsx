// A tooltip that shows on hover and on keyboard focus of its trigger (CSS only, so it works
// before hydration). Hidden, it takes no room (display: none), so it never widens a page. Screen
// readers get it as the trigger's description (aria-describedby); it is aria-hidden so that,
// once shown, it does not join the name of the header around it. Its text wraps at 16rem
// whatever the cell around it says (table headers do not wrap), and TipPlacement (mounted once by
// the layout) lifts it out of scrolling boxes so a table's edge never cuts it off.
export function InfoTip({ id, text, children, align = "left" }: { id: string; text: string; children: React.ReactNode; align?: "left" | "right" }) {
  return (
    <span className="group/tip relative inline-flex" data-tip="">
      {children}
      <span
        id={id}
        role="tooltip"
        aria-hidden="true"
        className={`pointer-events-none absolute top-full z-50 mt-1.5 hidden w-64 max-w-[calc(100vw-2rem)] whitespace-normal break-words rounded-md bg-slate-900 px-3 py-2 text-left text-xs font-normal normal-case leading-snug tracking-normal text-white shadow-lg ring-1 ring-slate-700 group-focus-within/tip:block group-hover/tip:block ${align === "right" ? "right-0" : "left-0"}`}
      >
        {text}
      </span>
    </span>
  );
}
