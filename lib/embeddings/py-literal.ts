// A tiny parser for the Python literal subset numpy writes in .npy headers (dicts, tuples,
// lists, strings, ints, True/False/None). Headers come from uploads, so they are parsed as
// data and never evaluated.
export type PyValue =
  | string
  | number
  | boolean
  | null
  | { kind: "tuple"; items: PyValue[] }
  | { kind: "list"; items: PyValue[] }
  | { kind: "dict"; entries: Array<[PyValue, PyValue]> };

const MAX_DEPTH = 16;
const ESCAPES: Record<string, string> = { n: "\n", t: "\t", r: "\r", "0": "\0", "\\": "\\", "'": "'", '"': '"' };

export class PyLiteralError extends Error {}

export function parsePyLiteral(text: string): PyValue {
  let i = 0;
  const fail = (what: string): never => {
    throw new PyLiteralError(`${what} at offset ${i}`);
  };
  const skip = () => {
    while (i < text.length && " \t\r\n".includes(text[i])) i++;
  };
  const eat = (ch: string): boolean => {
    skip();
    if (text[i] !== ch) return false;
    i++;
    return true;
  };

  const str = (): string => {
    const quote = text[i++];
    let out = "";
    while (i < text.length && text[i] !== quote) {
      if (text[i] === "\\") {
        const esc = ESCAPES[text[i + 1]];
        if (esc === undefined) fail("unsupported string escape");
        out += esc;
        i += 2;
      } else out += text[i++];
    }
    if (i >= text.length) fail("unterminated string");
    i++;
    return out;
  };

  // Items separated by commas; `sawComma` tells "(x)" (a parenthesised value) from "(x,)".
  const seq = (close: string, depth: number): { items: PyValue[]; sawComma: boolean } => {
    const items: PyValue[] = [];
    let sawComma = false;
    while (!eat(close)) {
      items.push(value(depth + 1));
      if (eat(close)) break;
      if (!eat(",")) fail(`expected ',' or '${close}'`);
      sawComma = true;
    }
    return { items, sawComma };
  };

  const value = (depth: number): PyValue => {
    if (depth > MAX_DEPTH) fail("nesting too deep");
    skip();
    const ch = text[i];
    if (ch === "'" || ch === '"') return str();
    if (ch === "(") {
      i++;
      const { items, sawComma } = seq(")", depth);
      return items.length === 1 && !sawComma ? items[0] : { kind: "tuple", items };
    }
    if (ch === "[") {
      i++;
      return { kind: "list", items: seq("]", depth).items };
    }
    if (ch === "{") {
      i++;
      const entries: Array<[PyValue, PyValue]> = [];
      while (!eat("}")) {
        const key = value(depth + 1);
        if (!eat(":")) fail("expected ':'");
        entries.push([key, value(depth + 1)]);
        if (eat("}")) break;
        if (!eat(",")) fail("expected ',' or '}'");
      }
      return { kind: "dict", entries };
    }
    const word = /^(?:True|False|None|-?\d+L?)/.exec(text.slice(i, i + 32))?.[0];
    if (!word) return fail("unexpected character");
    i += word.length;
    if (word === "True" || word === "False") return word === "True";
    if (word === "None") return null;
    const n = Number(word.replace("L", "")); // "3L": Python 2 longs in old numpy headers
    if (!Number.isSafeInteger(n)) fail("integer out of range");
    return n;
  };

  const result = value(0);
  skip();
  if (i !== text.length) fail("trailing characters");
  return result;
}
