"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef } from "react";

// Progressive enhancement of a GET form whose fields are the page's URL state: without
// JavaScript it submits normally; with it, a change applies at once (typing after a pause) as a
// soft navigation that keeps the scroll position. Fields equal to their data-default, and
// empty ones, are left out of the URL.
export function AutoSubmitForm({ id, action, children, className }: { id: string; action: string; children: React.ReactNode; className?: string }) {
  const router = useRouter();
  const ref = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    const form = ref.current;
    if (!form) return;
    // Marks the form live (tests and styles can tell a hydrated form from server HTML).
    form.dataset.enhanced = "true";
    const submitSoon = (delay: number) => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => form.requestSubmit(), delay);
    };
    const onChange = (e: Event) => {
      const t = e.target as HTMLElement;
      if (t instanceof HTMLInputElement && t.type === "search") return;
      submitSoon(0);
    };
    const onInput = (e: Event) => {
      if (e.target instanceof HTMLInputElement && e.target.type === "search") submitSoon(350);
    };
    // Checkboxes outside the form element (form="id") fire their events on themselves.
    const onAnyChange = (e: Event) => {
      if ((e.target as HTMLInputElement).form === form) onChange(e);
    };
    document.addEventListener("change", onAnyChange);
    form.addEventListener("input", onInput);
    return () => {
      document.removeEventListener("change", onAnyChange);
      form.removeEventListener("input", onInput);
      if (timer.current) clearTimeout(timer.current);
    };
  }, []);

  function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    const submitter = (e.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const target = submitter?.getAttribute("formaction") ?? action;
    e.preventDefault();
    const form = e.currentTarget;
    const sp = new URLSearchParams();
    for (const el of Array.from(form.elements) as HTMLInputElement[]) {
      if (!el.name || el.disabled) continue;
      if ((el.type === "checkbox" || el.type === "radio") && !el.checked) continue;
      if (el.value === "" || el.value === el.dataset.default) continue;
      sp.append(el.name, el.value);
    }
    const qs = sp.toString();
    const url = `${target}${qs ? `?${qs}` : ""}`;
    if (target === action) router.replace(url, { scroll: false });
    else router.push(url);
  }

  return (
    <form id={id} ref={ref} action={action} method="get" onSubmit={onSubmit} className={className}>
      {children}
    </form>
  );
}
