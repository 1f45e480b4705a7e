// What the structural baseline reads of a file: the names it defines (functions, classes,
// types…), the identifiers it uses, and the modules it imports, by regular expressions per
// language. A map of the repository, not a parser: good enough to link a test to the code it
// exercises and a module to its importers.
import { languageOf } from "@/lib/repo-files/classify";

const DEFINITIONS: Record<string, RegExp[]> = {
  python: [/^[ \t]*(?:async[ \t]+)?def[ \t]+([A-Za-z_]\w*)/gm, /^[ \t]*class[ \t]+([A-Za-z_]\w*)/gm, /^([A-Z_][A-Z0-9_]+)[ \t]*=/gm],
  go: [/^func[ \t]+(?:\([^)]*\)[ \t]*)?([A-Za-z_]\w*)/gm, /^type[ \t]+([A-Za-z_]\w*)/gm, /^\t?([A-Za-z_]\w*)[ \t]+[A-Za-z_*[\]]+[ \t]*=/gm],
  rust: [/\b(?:fn|struct|enum|trait|type|union|macro_rules!)[ \t]+([A-Za-z_]\w*)/g, /\b(?:const|static)[ \t]+([A-Z_][A-Z0-9_]*)/g],
  typescript: [/\b(?:function\*?|class|interface|type|enum|namespace)[ \t]+([A-Za-z_$][\w$]*)/g, /\b(?:const|let|var)[ \t]+([A-Za-z_$][\w$]*)[ \t]*(?::[^=]+)?=/g],
  javascript: [/\b(?:function\*?|class)[ \t]+([A-Za-z_$][\w$]*)/g, /\b(?:const|let|var)[ \t]+([A-Za-z_$][\w$]*)[ \t]*=/g],
  java: [/\b(?:class|interface|enum|record|@interface)[ \t]+([A-Za-z_]\w*)/g, /^[ \t]+(?:(?:public|protected|private|static|final|abstract|synchronized|default)[ \t]+)+[\w<>[\],.? \t]+?[ \t]([a-z_]\w*)[ \t]*\(/gm],
  kotlin: [/\b(?:class|interface|object|fun|typealias)[ \t]+(?:<[^>]*>[ \t]*)?(?:[\w.]+\.)?([A-Za-z_]\w*)/g],
  vue: [/\b(?:function|class)[ \t]+([A-Za-z_$][\w$]*)/g, /\b(?:const|let|var)[ \t]+([A-Za-z_$][\w$]*)[ \t]*=/g],
};

const IMPORTS: Record<string, RegExp[]> = {
  python: [/^[ \t]*from[ \t]+(\.*[\w.]*)[ \t]+import/gm, /^[ \t]*import[ \t]+([\w.]+)/gm],
  go: [/^[ \t]*(?:import[ \t]+)?(?:[\w.]+[ \t]+)?"([\w./-]+)"$/gm],
  rust: [/\buse[ \t]+((?:crate|super|self)?(?:::)?[\w:]+)/g, /\bmod[ \t]+(\w+)[ \t]*;/g],
  typescript: [/\bfrom[ \t]+['"]([^'"]+)['"]/g, /\bimport[ \t]*\([ \t]*['"]([^'"]+)['"]/g, /\brequire\([ \t]*['"]([^'"]+)['"]/g, /^[ \t]*import[ \t]+['"]([^'"]+)['"]/gm],
  javascript: [/\bfrom[ \t]+['"]([^'"]+)['"]/g, /\bimport[ \t]*\([ \t]*['"]([^'"]+)['"]/g, /\brequire\([ \t]*['"]([^'"]+)['"]/g, /^[ \t]*import[ \t]+['"]([^'"]+)['"]/gm],
  java: [/^[ \t]*import[ \t]+(?:static[ \t]+)?([\w.]+)[ \t]*;/gm],
  kotlin: [/^[ \t]*import[ \t]+([\w.]+)/gm],
  vue: [/\bfrom[ \t]+['"]([^'"]+)['"]/g],
};

const IDENT = /[A-Za-z_][A-Za-z0-9_]{2,}/g;

export interface FileSymbols {
  language: string;
  definitions: Set<string>;
  references: Map<string, number>;
  imports: string[];
}

function captures(text: string, patterns: readonly RegExp[] | undefined): string[] {
  const out: string[] = [];
  for (const re of patterns ?? []) for (const m of text.matchAll(re)) if (m[1]) out.push(m[1]);
  return out;
}

export function fileSymbols(path: string, text: string): FileSymbols {
  const language = languageOf(path);
  const definitions = new Set(captures(text, DEFINITIONS[language]).filter((d) => d.length >= 3));
  const references = new Map<string, number>();
  for (const m of text.matchAll(IDENT)) references.set(m[0], (references.get(m[0]) ?? 0) + 1);
  for (const d of definitions) {
    const n = references.get(d)! - 1;
    if (n > 0) references.set(d, n);
    else references.delete(d);
  }
  return { language, definitions, references, imports: captures(text, IMPORTS[language]) };
}

/** The identifiers of a query (three characters or more), as written. */
export function queryIdentifiers(text: string): Set<string> {
  return new Set(text.match(IDENT) ?? []);
}
