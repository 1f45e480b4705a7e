// A tooltip that shows on hover and on keyboard focus of its trigger (CSS only, so it works
// before hydration). Screen readers get it as the trigger's description (aria-describedby);
// it is aria-hidden so that, once shown, it does not join the name of the header around it.
export function InfoTip({ id, text, children, align = "left" }: { id: string; text: string; children: React.ReactNode; align?: "left" | "right" }) {
  return (
    <span className="group/tip relative inline-flex">
      {children}
      <span
        id={id}
        role="tooltip"
        aria-hidden="true"
        className={`pointer-events-none invisible absolute top-full z-30 mt-1.5 w-64 rounded-md bg-slate-900 px-3 py-2 text-left text-xs font-normal normal-case leading-snug tracking-normal text-white opacity-0 shadow-lg transition-opacity group-focus-within/tip:visible group-focus-within/tip:opacity-100 group-hover/tip:visible group-hover/tip:opacity-100 ${align === "right" ? "right-0" : "left-0"}`}
      >
        {text}
      </span>
    </span>
  );
}
