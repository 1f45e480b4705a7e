// How to cite what ExecBoard hosts: a benchmark version (BibTeX @misc, pointing at its page)
// and the paper its kind follows (@article). Pure text, shown in every page's footer.
import type { PaperReference } from "@/lib/kinds/kind";

export interface CitedVersion {
  slug: string;
  name: string;
  version: string;
  license: string;
  /** When the version was imported (its year is the citation's). */
  createdAt: string;
  /** Absolute URL of the version's page. */
  url: string;
}

// BibTeX needs its special characters escaped; braces in titles keep their capitals.
function tex(s: string): string {
  return s.replace(/\\/g, "\\textbackslash{}").replace(/([{}&%$#_^~])/g, "\\$1");
}

function key(s: string): string {
  return s.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
}

export function benchmarkBibtex(v: CitedVersion, paper?: PaperReference): string {
  const lines = [
    `@misc{${key(`${v.slug}-${v.version}`)},`,
    `  title        = {{${tex(v.name)}}, version ${tex(v.version)}},`,
    `  author       = {{ExecBoard maintainers}},`,
    `  year         = {${v.createdAt.slice(0, 4)}},`,
    `  howpublished = {\\url{${v.url}}},`,
    `  note         = {Benchmark dataset, licence ${tex(v.license)}${paper ? `; follows \\cite{${paper.key}}` : ""}}`,
    `}`,
  ];
  return lines.join("\n");
}

export function paperBibtex(p: PaperReference): string {
  return [
    `@article{${p.key},`,
    `  title   = {{${tex(p.title)}}},`,
    `  author  = {${p.authors.map(tex).join(" and ")}},`,
    `  journal = {${tex(p.venue)}},`,
    `  year    = {${p.year}},`,
    `  url     = {${p.url}}`,
    `}`,
  ].join("\n");
}

/** The paper as a reader's reference line: "Kapoor, A. and Khan, M. A. A. H. (2026). Title. Venue." */
export function paperReferenceLine(p: PaperReference): string {
  const initials = (a: string) => {
    const [family, given = ""] = a.split(",").map((x) => x.trim());
    return `${family}, ${given.split(/\s+/).filter(Boolean).map((g) => `${g[0]}.`).join(" ")}`.trim();
  };
  const names = p.authors.map(initials);
  const who = names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}` : names[0];
  return `${who} (${p.year}). ${p.title}. ${p.venue}.`;
}
