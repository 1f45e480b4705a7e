import type { Config } from "tailwindcss";
import colors from "tailwindcss/colors";
import plugin from "tailwindcss/plugin";

// Dark mode follows the system setting with no `dark:` class in any component: every colour the
// pages use is a CSS variable, and under `prefers-color-scheme: dark` the variables take the
// mirrored shade (a light tint becomes a deep one, dark text becomes light), so a component's
// contrast in one scheme carries over to the other. Surfaces (`white`) become the deep slate
// of a card and the page behind them one step darker.
const FAMILIES = ["slate", "emerald", "rose", "amber", "sky", "red", "blue", "violet"] as const;
const SHADES = ["50", "100", "200", "300", "400", "500", "600", "700", "800", "900", "950"] as const;
type Shade = (typeof SHADES)[number];

// Neutral text must stay readable on the dark surfaces (slate-500 on slate-900 would not be), so
// the slate mirror leans light; tinted families mirror shade for shade.
const SLATE_DARK: Record<Shade, Shade | "white"> = {
  "50": "950",
  "100": "800",
  "200": "700",
  "300": "600",
  "400": "500",
  "500": "400",
  "600": "300",
  "700": "200",
  "800": "100",
  "900": "50",
  "950": "white",
};
const TINT_DARK: Record<Shade, Shade> = {
  "50": "950",
  "100": "900",
  "200": "800",
  "300": "700",
  "400": "600",
  "500": "500",
  "600": "400",
  "700": "300",
  "800": "200",
  "900": "100",
  "950": "50",
};

function rgb(hex: string): string {
  const h = hex.replace("#", "");
  const full = h.length === 3 ? [...h].map((c) => c + c).join("") : h;
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)).join(" ");
}

const varName = (family: string, shade: string) => `--c-${family}-${shade}`;

function palette(): Record<string, string | Record<string, string>> {
  const out: Record<string, string | Record<string, string>> = {
    transparent: "transparent",
    current: "currentColor",
    inherit: "inherit",
    white: "rgb(var(--c-white) / <alpha-value>)",
    black: "rgb(var(--c-black) / <alpha-value>)",
  };
  for (const f of FAMILIES) out[f] = Object.fromEntries(SHADES.map((s) => [s, `rgb(var(${varName(f, s)}) / <alpha-value>)`]));
  return out;
}

function variables(scheme: "light" | "dark"): Record<string, string> {
  const vars: Record<string, string> = {
    "--c-white": scheme === "light" ? rgb("#ffffff") : rgb(colors.slate[900]),
    "--c-black": scheme === "light" ? rgb("#000000") : rgb("#ffffff"),
  };
  for (const f of FAMILIES) {
    const scale = colors[f] as Record<Shade, string>;
    for (const s of SHADES) {
      if (scheme === "light") vars[varName(f, s)] = rgb(scale[s]);
      else {
        const to = f === "slate" ? SLATE_DARK[s] : TINT_DARK[s];
        vars[varName(f, s)] = to === "white" ? rgb("#ffffff") : rgb(scale[to]);
      }
    }
  }
  // The page behind the cards: one step below the card surface.
  if (scheme === "dark") vars[varName("slate", "50")] = rgb(colors.slate[950]);
  return vars;
}

export default {
  content: ["./app/**/*.{ts,tsx}", "./components/**/*.{ts,tsx}"],
  theme: {
    colors: palette(),
    extend: {
      fontFamily: {
        sans: ["ui-sans-serif", "system-ui", "-apple-system", "Segoe UI", "Roboto", "Helvetica Neue", "Arial", "sans-serif"],
        mono: ["ui-monospace", "SFMono-Regular", "Menlo", "Consolas", "monospace"],
      },
    },
  },
  plugins: [
    plugin(({ addBase }) => {
      addBase({ ":root": { ...variables("light"), colorScheme: "light" } });
      addBase({ "@media (prefers-color-scheme: dark)": { ":root": { ...variables("dark"), colorScheme: "dark" } } });
    }),
  ],
} satisfies Config;
