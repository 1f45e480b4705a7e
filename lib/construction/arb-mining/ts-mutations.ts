// Single-edit mutation sites in TypeScript and JavaScript source, the same six families the
// construction pipeline finds in Python (find-mutation-sites.py), read from the `typescript`
// package's parser:
// - off_by_one: an integer literal n becomes n - 1 or n + 1 (not `x + 0`, `x * 1`, `x / 0`);
// - off_by_one_boundary: a bound moves by one: an index (`a[i]`), an argument of slice,
//   substring, subarray, at, charAt, charCodeAt, codePointAt, a for-loop's start or the right
//   side of its condition;
// - wrong_operator: an arithmetic, shift or bitwise operator (or its compound assignment) or
//   `&&`/`||` becomes a near one; string concatenation is left alone;
// - wrong_comparison: <, <=, >, >= move by one step or flip; ===/!== and ==/!= flip;
// - swap_arguments: two adjacent call arguments, or the operands of a non-commutative operator,
//   change places (compound operands parenthesized so the meaning is the swap and nothing else);
// - remove_edge_case_check: a guard (`if` without `else` whose block leaves by return, throw,
//   continue or break) disappears with its whole lines, when it is not its block's only or a
//   function's last statement and is at most 15 lines long.
// Type-level code, imports and exports, decorators and enum members are never mutated. Every
// edit is checked: the mutant must parse without a syntax error.
import ts from "typescript";
import type { BugType } from "../bug-types";

export interface TsMutation {
  bug_type: BugType;
  /** UTF-16 offsets into the source (JavaScript string indices); [start, end) is replaced. */
  start: number;
  end: number;
  replacement: string;
  original: string;
  /** 1-based line of `start`. */
  line: number;
  detail: { kind: "replace" | "delete" | "swap_arguments" | "swap_operands"; role?: string; callee?: string; guard?: string; awkward?: boolean };
}

const K = ts.SyntaxKind;
const BINARY_SWAPS: Partial<Record<ts.SyntaxKind, ts.SyntaxKind[]>> = {
  [K.PlusToken]: [K.MinusToken], [K.MinusToken]: [K.PlusToken], [K.AsteriskToken]: [K.PlusToken], [K.SlashToken]: [K.AsteriskToken],
  [K.PercentToken]: [K.SlashToken], [K.AsteriskAsteriskToken]: [K.AsteriskToken], [K.LessThanLessThanToken]: [K.GreaterThanGreaterThanToken],
  [K.GreaterThanGreaterThanToken]: [K.LessThanLessThanToken], [K.GreaterThanGreaterThanGreaterThanToken]: [K.GreaterThanGreaterThanToken],
  [K.AmpersandToken]: [K.BarToken, K.CaretToken], [K.BarToken]: [K.AmpersandToken, K.CaretToken], [K.CaretToken]: [K.AmpersandToken, K.BarToken],
  [K.PlusEqualsToken]: [K.MinusEqualsToken], [K.MinusEqualsToken]: [K.PlusEqualsToken], [K.AsteriskEqualsToken]: [K.PlusEqualsToken],
  [K.SlashEqualsToken]: [K.AsteriskEqualsToken], [K.PercentEqualsToken]: [K.SlashEqualsToken],
  [K.LessThanLessThanEqualsToken]: [K.GreaterThanGreaterThanEqualsToken], [K.GreaterThanGreaterThanEqualsToken]: [K.LessThanLessThanEqualsToken],
  [K.AmpersandEqualsToken]: [K.BarEqualsToken], [K.BarEqualsToken]: [K.AmpersandEqualsToken],
  [K.AmpersandAmpersandToken]: [K.BarBarToken], [K.BarBarToken]: [K.AmpersandAmpersandToken],
};
const COMPARE_SWAPS: Partial<Record<ts.SyntaxKind, ts.SyntaxKind[]>> = {
  [K.LessThanToken]: [K.LessThanEqualsToken, K.GreaterThanToken], [K.LessThanEqualsToken]: [K.LessThanToken, K.GreaterThanEqualsToken],
  [K.GreaterThanToken]: [K.GreaterThanEqualsToken, K.LessThanToken], [K.GreaterThanEqualsToken]: [K.GreaterThanToken, K.LessThanEqualsToken],
  [K.EqualsEqualsEqualsToken]: [K.ExclamationEqualsEqualsToken], [K.ExclamationEqualsEqualsToken]: [K.EqualsEqualsEqualsToken],
  [K.EqualsEqualsToken]: [K.ExclamationEqualsToken], [K.ExclamationEqualsToken]: [K.EqualsEqualsToken],
};
const ORDER_COMPARISONS = new Set([K.LessThanToken, K.LessThanEqualsToken, K.GreaterThanToken, K.GreaterThanEqualsToken]);
const NON_COMMUTATIVE = new Set([K.MinusToken, K.SlashToken, K.PercentToken, K.AsteriskAsteriskToken, K.LessThanLessThanToken, K.GreaterThanGreaterThanToken, K.GreaterThanGreaterThanGreaterThanToken]);
const STRINGY_PLUS = new Set([K.PlusToken, K.PlusEqualsToken]);
const BOUND_METHODS = new Set(["slice", "substring", "subarray", "at", "charAt", "charCodeAt", "codePointAt"]);
const SYMMETRIC_CALLS = new Set(["Math.max", "Math.min", "Math.hypot", "max", "min"]);
const GUARD_MAX_LINES = 15;

function scriptKind(file: string): ts.ScriptKind {
  return file.endsWith(".tsx") ? ts.ScriptKind.TSX : file.endsWith(".jsx") ? ts.ScriptKind.JSX : /\.[cm]?js$/.test(file) ? ts.ScriptKind.JS : ts.ScriptKind.TS;
}

export function parseSource(file: string, text: string): ts.SourceFile {
  return ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, scriptKind(file));
}

/** Whether a source parses without syntax errors (the parser's own diagnostics). */
export function parsesCleanly(file: string, text: string): boolean {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, scriptKind(file)) as ts.SourceFile & { parseDiagnostics?: ts.Diagnostic[] };
  return (sf.parseDiagnostics ?? []).length === 0;
}

export function applyMutation(text: string, m: Pick<TsMutation, "start" | "end" | "replacement">): string {
  return text.slice(0, m.start) + m.replacement + text.slice(m.end);
}

function isTypeLevel(node: ts.Node): boolean {
  for (let n: ts.Node | undefined = node; n; n = n.parent) {
    if (ts.isTypeNode(n) || ts.isImportDeclaration(n) || ts.isExportDeclaration(n) || ts.isDecorator(n) || ts.isEnumMember(n) || ts.isInterfaceDeclaration(n) || ts.isTypeAliasDeclaration(n)) return true;
    if (ts.isLiteralTypeNode(n) || ts.isModuleDeclaration(n)) return true;
  }
  return false;
}

function intValue(node: ts.Node): number | null {
  if (ts.isNumericLiteral(node) && /^\d+$/.test(node.text) && /^\d+$/.test(node.getText())) return Number(node.text);
  return null;
}

const isAtom = (n: ts.Expression) => ts.isIdentifier(n) || ts.isLiteralExpression(n) || ts.isPropertyAccessExpression(n) || ts.isElementAccessExpression(n) || ts.isCallExpression(n) || ts.isParenthesizedExpression(n) || n.kind === K.ThisKeyword || ts.isArrayLiteralExpression(n) || ts.isObjectLiteralExpression(n);

class Finder {
  readonly out: TsMutation[] = [];
  private readonly seen = new Set<string>();
  private readonly bounds = new Set<ts.Node>();

  constructor(private readonly sf: ts.SourceFile, private readonly file: string) {}

  private add(bug: BugType, start: number, end: number, replacement: string, detail: TsMutation["detail"]): void {
    const original = this.sf.text.slice(start, end);
    if (original === replacement) return;
    const key = `${start}:${end}:${replacement}`;
    if (this.seen.has(key)) return;
    const mutant = applyMutation(this.sf.text, { start, end, replacement });
    if (!parsesCleanly(this.file, mutant)) return;
    this.seen.add(key);
    this.out.push({ bug_type: bug, start, end, replacement, original, line: this.sf.getLineAndCharacterOfPosition(start).line + 1, detail });
  }

  private text(n: ts.Node): string {
    return n.getText(this.sf);
  }

  private boundRole(node: ts.Expression): string | null {
    const p = node.parent;
    if (ts.isElementAccessExpression(p) && p.argumentExpression === node && !ts.isStringLiteralLike(node)) return "index";
    if (ts.isCallExpression(p) && ts.isPropertyAccessExpression(p.expression) && BOUND_METHODS.has(p.expression.name.text)) {
      const k = p.arguments.indexOf(node);
      if (k === 0 || k === 1) return `${p.expression.name.text} ${k === 0 ? "start" : "end"}`;
    }
    if (ts.isBinaryExpression(p) && p.right === node && ts.isForStatement(p.parent) && p.parent.condition === p && ORDER_COMPARISONS.has(p.operatorToken.kind)) return "loop bound";
    if (ts.isVariableDeclaration(p) && p.initializer === node && ts.isVariableDeclarationList(p.parent) && ts.isForStatement(p.parent.parent) && p.parent.parent.initializer === p.parent) return "loop start";
    return null;
  }

  private boundary(node: ts.Expression, role: string): void {
    this.bounds.add(node);
    const start = node.getStart(this.sf), end = node.getEnd();
    const v = intValue(node);
    if (v !== null) {
      for (const n of [v - 1, v + 1]) if (n >= 0) this.add("off_by_one_boundary", start, end, String(n), { kind: "replace", role });
      return;
    }
    if (ts.isBinaryExpression(node) && (node.operatorToken.kind === K.PlusToken || node.operatorToken.kind === K.MinusToken)) {
      const step = intValue(node.right);
      if (step !== null && step > 0) {
        this.bounds.add(node.right);
        for (const n of [step - 1, step + 1]) {
          if (n === 0) this.add("off_by_one_boundary", start, end, this.text(node.left), { kind: "replace", role });
          else this.add("off_by_one_boundary", node.right.getStart(this.sf), node.right.getEnd(), String(n), { kind: "replace", role });
        }
        return;
      }
    }
    const t = this.text(node);
    const base = isAtom(node) || (ts.isBinaryExpression(node) && [K.PlusToken, K.MinusToken, K.AsteriskToken, K.SlashToken, K.PercentToken].includes(node.operatorToken.kind)) ? t : `(${t})`;
    for (const suffix of [" + 1", " - 1"]) this.add("off_by_one_boundary", start, end, base + suffix, { kind: "replace", role });
  }

  private offByOne(node: ts.NumericLiteral): void {
    const v = intValue(node);
    if (v === null || this.bounds.has(node)) return;
    const p = node.parent;
    if (ts.isPropertyAssignment(p) && p.name === node) return;
    if (ts.isPrefixUnaryExpression(p) && p.operator === K.MinusToken) return; // -1 and the like: a sign, not a count
    const op = ts.isBinaryExpression(p) ? p.operatorToken.kind : null;
    for (const n of [v - 1, v + 1]) {
      if ((op === K.PlusToken || op === K.MinusToken) && n === 0) continue;
      if ((op === K.AsteriskToken || op === K.SlashToken || op === K.AsteriskAsteriskToken) && n === 1) continue;
      if ((op === K.SlashToken || op === K.PercentToken) && n === 0) continue;
      this.add("off_by_one", node.getStart(this.sf), node.getEnd(), String(n), { kind: "replace", awkward: n < 0 });
    }
  }

  private isStringy(e: ts.Expression): boolean {
    return ts.isStringLiteralLike(e) || ts.isTemplateExpression(e) || (ts.isBinaryExpression(e) && e.operatorToken.kind === K.PlusToken && (this.isStringy(e.left) || this.isStringy(e.right)));
  }

  private binary(node: ts.BinaryExpression): void {
    const op = node.operatorToken;
    const start = op.getStart(this.sf), end = op.getEnd();
    if (BINARY_SWAPS[op.kind] && !(STRINGY_PLUS.has(op.kind) && (this.isStringy(node.left) || this.isStringy(node.right)))) {
      for (const to of BINARY_SWAPS[op.kind]!) this.add("wrong_operator", start, end, ts.tokenToString(to)!, { kind: "replace" });
    }
    if (COMPARE_SWAPS[op.kind]) {
      for (const to of COMPARE_SWAPS[op.kind]!) this.add("wrong_comparison", start, end, ts.tokenToString(to)!, { kind: "replace" });
    }
    if (NON_COMMUTATIVE.has(op.kind) && !(op.kind === K.MinusToken && ts.isPrefixUnaryExpression(node.left))) {
      this.swap(node.left, node.right, { kind: "swap_operands" });
    }
  }

  private swap(a: ts.Expression, b: ts.Expression, detail: TsMutation["detail"]): void {
    const left = this.text(a), right = this.text(b);
    if (left === right) return;
    const wrap = (n: ts.Expression, t: string) => (isAtom(n) ? t : `(${t})`);
    const middle = this.sf.text.slice(a.getEnd(), b.getStart(this.sf));
    const awkward = ts.isLiteralExpression(a) || ts.isLiteralExpression(b);
    this.add("swap_arguments", a.getStart(this.sf), b.getEnd(), wrap(b, right) + middle + wrap(a, left), { ...detail, awkward });
  }

  private call(node: ts.CallExpression): void {
    const callee = this.text(node.expression);
    if (SYMMETRIC_CALLS.has(callee)) return;
    for (let k = 0; k + 1 < node.arguments.length; k++) {
      const a = node.arguments[k], b = node.arguments[k + 1];
      if (ts.isSpreadElement(a) || ts.isSpreadElement(b)) continue;
      this.swap(a, b, { kind: "swap_arguments", callee });
    }
  }

  private guards(block: ts.Block | ts.SourceFile | ts.CaseClause | ts.DefaultClause): void {
    const statements = block.statements;
    if (statements.length < 2) return;
    const isFunctionBody = ts.isBlock(block) && ts.isFunctionLike(block.parent);
    statements.forEach((stmt, k) => {
      if (isFunctionBody && k === statements.length - 1) return;
      if (!ts.isIfStatement(stmt) || stmt.elseStatement) return;
      const last = ts.isBlock(stmt.thenStatement) ? stmt.thenStatement.statements.at(-1) : stmt.thenStatement;
      if (!last || !(ts.isReturnStatement(last) || ts.isThrowStatement(last) || ts.isContinueStatement(last) || ts.isBreakStatement(last))) return;
      let nested = false;
      const visit = (n: ts.Node) => {
        if (ts.isFunctionLike(n) || ts.isClassLike(n)) nested = true;
        else ts.forEachChild(n, visit);
      };
      ts.forEachChild(stmt, visit);
      if (nested) return;
      const text = this.sf.text;
      const start = stmt.getStart(this.sf), end = stmt.getEnd();
      const lineStart = text.lastIndexOf("\n", start - 1) + 1;
      const nl = text.indexOf("\n", end);
      const lineEnd = nl < 0 ? text.length : nl + 1;
      const rest = text.slice(end, lineEnd).trim();
      if (text.slice(lineStart, start).trim() || (rest && !rest.startsWith("//"))) return;
      const lines = text.slice(lineStart, end).split("\n").length;
      if (lines > GUARD_MAX_LINES) return;
      this.add("remove_edge_case_check", lineStart, lineEnd, "", { kind: "delete", guard: `if (${this.text(stmt.expression)}) ${this.text(last)}`.replace(/\s+/g, " ") });
    });
  }

  visit = (node: ts.Node): void => {
    if (isTypeLevel(node)) return;
    if (ts.isBlock(node) || ts.isSourceFile(node) || ts.isCaseClause(node) || ts.isDefaultClause(node)) this.guards(node);
    if (ts.isExpression(node) && node.parent && !isTypeLevel(node.parent)) {
      const role = this.boundRole(node);
      if (role) this.boundary(node, role);
    }
    if (ts.isBinaryExpression(node)) this.binary(node);
    else if (ts.isCallExpression(node)) this.call(node);
    ts.forEachChild(node, this.visit);
    if (ts.isNumericLiteral(node)) this.offByOne(node);
  };
}

/** Every mutation site of a source file, in source order (ties: family order, then replacement). */
export function findTsMutations(file: string, text: string): TsMutation[] {
  const sf = parseSource(file, text);
  const f = new Finder(sf, file);
  f.visit(sf);
  const cmp = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0); // code points: no locale
  return f.out.sort((a, b) => a.start - b.start || a.end - b.end || cmp(a.bug_type, b.bug_type) || cmp(a.replacement, b.replacement));
}
