// Renders a tree of plain server markup (intrinsic elements, fragments, arrays, text and
// synchronous function components) to an HTML string, as react-dom/server's
// renderToStaticMarkup would (same escaping, same attribute names), for content that only
// changes with the code and is rendered once per process (the API reference of /docs/api).
// react-dom/server cannot be used in a server component; anything this does not know (client
// components, async components, event handlers, style objects, unmapped props) throws rather
// than being dropped, so a page cannot silently lose content.
import { Fragment, isValidElement, type ReactElement, type ReactNode } from "react";

const VOID = new Set(["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"]);
const RENAMED: Record<string, string> = { className: "class", htmlFor: "for", tabIndex: "tabindex" };
const PLAIN_ATTRIBUTE = /^(?:[a-z][a-z0-9]*|(?:aria|data)-[a-z0-9-]+)$/;

// React's escapeTextForBrowser: the same five characters, the same entities.
const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" };
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

function attributes(type: string, props: Record<string, unknown>): string {
  let out = "";
  for (const [name, value] of Object.entries(props)) {
    if (name === "children" || name === "key" || value === undefined || value === null) continue;
    const attr = RENAMED[name] ?? name;
    if (!PLAIN_ATTRIBUTE.test(attr)) throw new Error(`static markup: unsupported prop ${name} on <${type}>`);
    if (typeof value === "boolean") {
      // aria-* and data-* keep "true"/"false"; a boolean attribute is present only when true.
      if (attr.startsWith("aria-") || attr.startsWith("data-")) out += ` ${attr}="${value}"`;
      else if (value) out += ` ${attr}=""`;
      continue;
    }
    if (typeof value !== "string" && typeof value !== "number") throw new Error(`static markup: unsupported value of ${name} on <${type}>`);
    out += ` ${attr}="${escapeHtml(String(value))}"`;
  }
  return out;
}

export function renderStaticMarkup(node: ReactNode): string {
  if (node === null || node === undefined || typeof node === "boolean") return "";
  if (typeof node === "string") return escapeHtml(node);
  if (typeof node === "number" || typeof node === "bigint") return String(node);
  if (Array.isArray(node)) return node.map(renderStaticMarkup).join("");
  if (!isValidElement(node)) throw new Error(`static markup: cannot render ${Object.prototype.toString.call(node)}`);
  const el = node as ReactElement<Record<string, unknown>>;
  const props = el.props;
  if (el.type === Fragment) return renderStaticMarkup(props.children as ReactNode);
  if (typeof el.type === "function") {
    const out = (el.type as (p: unknown) => unknown)(props);
    if (out instanceof Promise) throw new Error("static markup: async components are not supported");
    return renderStaticMarkup(out as ReactNode);
  }
  if (typeof el.type !== "string") throw new Error("static markup: only intrinsic elements and function components are supported");
  const tag = el.type;
  if (VOID.has(tag)) return `<${tag}${attributes(tag, props)}/>`;
  return `<${tag}${attributes(tag, props)}>${renderStaticMarkup(props.children as ReactNode)}</${tag}>`;
}
