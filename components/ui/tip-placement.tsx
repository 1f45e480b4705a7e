"use client";

import { useEffect } from "react";

const GAP = 6;
const MARGIN = 8;

// Places the open InfoTip in the viewport's coordinates (position: fixed) below its trigger, or
// above it when there is no room below, and never past either side of the screen, so tooltips
// inside a scrolling table are not clipped by its box. Without JavaScript they still open, in
// place (CSS only).
function place(trigger: HTMLElement): void {
  const tip = trigger.querySelector<HTMLElement>(":scope > [role=tooltip]");
  if (!tip) return;
  requestAnimationFrame(() => {
    if (getComputedStyle(tip).display === "none") return;
    const r = trigger.getBoundingClientRect();
    tip.style.position = "fixed";
    tip.style.right = "auto";
    tip.style.marginTop = "0";
    const w = tip.offsetWidth;
    const h = tip.offsetHeight;
    const alignRight = tip.classList.contains("right-0");
    const left = Math.min(Math.max(MARGIN, alignRight ? r.right - w : r.left), window.innerWidth - w - MARGIN);
    const below = r.bottom + GAP;
    const top = below + h > window.innerHeight - MARGIN && r.top - GAP - h >= MARGIN ? r.top - GAP - h : below;
    tip.style.left = `${left}px`;
    tip.style.top = `${top}px`;
  });
}

export function TipPlacement() {
  useEffect(() => {
    let active: HTMLElement | null = null;
    const open = (e: Event) => {
      const t = (e.target as Element | null)?.closest?.<HTMLElement>("[data-tip]");
      if (!t) return;
      active = t;
      place(t);
    };
    const follow = () => active && place(active);
    document.addEventListener("pointerover", open);
    document.addEventListener("focusin", open);
    window.addEventListener("scroll", follow, { capture: true, passive: true });
    window.addEventListener("resize", follow);
    return () => {
      document.removeEventListener("pointerover", open);
      document.removeEventListener("focusin", open);
      window.removeEventListener("scroll", follow, { capture: true });
      window.removeEventListener("resize", follow);
    };
  }, []);
  return null;
}
