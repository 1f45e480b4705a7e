"use client";

import { usePathname } from "next/navigation";
import { useEffect, useState } from "react";

// The phone header's menu button: opens and closes the main navigation (which is always shown
// from the `sm` breakpoint up) and closes it again on every navigation.
export function MenuToggle({ controls }: { controls: string }) {
  // Open on the page where it was opened: navigating elsewhere closes it.
  const pathname = usePathname();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  useEffect(() => {
    document.getElementById(controls)?.setAttribute("data-open", String(open));
  }, [open, controls]);
  return (
    <button
      type="button"
      aria-expanded={open}
      aria-controls={controls}
      onClick={() => setOpenOn(open ? null : pathname)}
      className="inline-flex items-center gap-1.5 rounded-md px-2.5 py-1.5 text-sm font-medium text-slate-700 ring-1 ring-inset ring-slate-300 hover:bg-slate-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-emerald-600 sm:hidden"
    >
      <span aria-hidden className="text-base leading-none">
        {open ? "✕" : "☰"}
      </span>
      Menu
    </button>
  );
}
