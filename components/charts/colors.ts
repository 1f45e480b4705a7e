// Chart colours as the site's colour variables (tailwind.config.ts), so SVG charts follow the
// system's light or dark scheme like everything else. Named by role, not by shade.
const v = (family: string, shade: number) => `rgb(var(--c-${family}-${shade}))`;

export const CHART = {
  grid: v("slate", 200),
  tick: v("slate", 600),
  label: v("slate", 700),
  category: v("slate", 800),
  ink: v("slate", 900),
  muted: v("slate", 400),
  mutedLight: v("slate", 300),
  cursor: v("slate", 100),
  reference: v("slate", 500),
  surface: "rgb(var(--c-white))",
  good: v("emerald", 500),
  goodLight: v("emerald", 400),
  goodStrong: v("emerald", 600),
  goodDeep: v("emerald", 700),
  bad: v("rose", 600),
  info: v("sky", 400),
} as const;
