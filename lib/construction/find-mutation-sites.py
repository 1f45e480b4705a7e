"""ExecBoard construction: finds single-edit mutation sites in canonical Python implementations.

Why a Python script: exact source spans of operators, constants, comparisons, call arguments,
slices and guards need Python's own parser (ast + tokenize, same 3.11 as the sandbox image).
This script only PARSES code; it never compiles it to bytecode or runs it, so it is safe to
run on the host. TypeScript applies the edits, describes them and executes the mutants in the
sandbox.

Protocol (JSON lines): stdin {"id": str, "source": str}
  stdout {"id", "edits": [edit...], "dropped": {"unparseable": n, "not_isolated": n}}
      or {"id", "error": str}
  edit = {"bug_type", "start", "end", "replacement", "original", "context", "detail": {...}}
Offsets are str indices (Unicode code points) into the source; everything outside
[start, end) stays byte-identical. Every edit is verified before it is emitted: the mutant must
parse, and its AST must equal the original AST with exactly the intended change applied (so a
precedence accident such as swapping the operands of the outer `-` in `a - b - c` is dropped).
Run as: python3.11 -I find-mutation-sites.py
"""

import ast
import bisect
import copy
import io
import json
import sys
import tokenize

BINOP_SWAPS = {
    ast.Add: [ast.Sub], ast.Sub: [ast.Add], ast.Mult: [ast.Add], ast.Div: [ast.Mult, ast.FloorDiv],
    ast.FloorDiv: [ast.Mod, ast.Div], ast.Mod: [ast.FloorDiv], ast.Pow: [ast.Mult],
    ast.LShift: [ast.RShift], ast.RShift: [ast.LShift], ast.BitAnd: [ast.BitOr, ast.BitXor],
    ast.BitOr: [ast.BitAnd, ast.BitXor], ast.BitXor: [ast.BitAnd, ast.BitOr],
}
BINOP_SYMBOLS = {
    ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.Div: "/", ast.FloorDiv: "//", ast.Mod: "%",
    ast.Pow: "**", ast.LShift: "<<", ast.RShift: ">>", ast.BitAnd: "&", ast.BitOr: "|", ast.BitXor: "^",
}
COMPARE_SWAPS = {
    ast.Lt: [ast.LtE, ast.Gt], ast.LtE: [ast.Lt, ast.GtE], ast.Gt: [ast.GtE, ast.Lt],
    ast.GtE: [ast.Gt, ast.LtE], ast.Eq: [ast.NotEq], ast.NotEq: [ast.Eq], ast.In: [ast.NotIn],
    ast.NotIn: [ast.In], ast.Is: [ast.IsNot], ast.IsNot: [ast.Is],
}
COMPARE_SYMBOLS = {
    ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">=", ast.Eq: "==", ast.NotEq: "!=",
    ast.In: "in", ast.NotIn: "not in", ast.Is: "is", ast.IsNot: "is not",
}
NON_COMMUTATIVE = (ast.Sub, ast.Div, ast.FloorDiv, ast.Mod, ast.Pow, ast.LShift, ast.RShift)
# Swapping the arguments of these changes nothing; executing such mutants would only waste time.
SYMMETRIC_CALLS = {"max", "min", "gcd", "lcm", "hypot", "isclose"}
ATOMS = (ast.Name, ast.Constant, ast.Attribute, ast.Call, ast.Subscript, ast.List, ast.Tuple, ast.Dict, ast.Set)
SKIPPED_TOKENS = {tokenize.NL, tokenize.NEWLINE, tokenize.COMMENT, tokenize.INDENT, tokenize.DEDENT,
                  tokenize.ENCODING, tokenize.ENDMARKER}
CONTEXT_MAX = 80


class Source:
    """The source text with ast positions (UTF-8 byte columns) mapped to str offsets."""

    def __init__(self, text):
        self.text = text
        self.lines = text.split("\n")
        self.line_starts = [0]
        for line in self.lines[:-1]:
            self.line_starts.append(self.line_starts[-1] + len(line) + 1)
        self.tokens = []  # (string, start, end), significant tokens only
        for tok in tokenize.generate_tokens(io.StringIO(text).readline):
            if tok.type not in SKIPPED_TOKENS:
                self.tokens.append((tok.string, self.at(tok.start[0], tok.start[1]), self.at(tok.end[0], tok.end[1])))
        self.token_starts = [t[1] for t in self.tokens]
        self.token_ends = [t[2] for t in self.tokens]
        self.partner = {}
        stack = []
        for i, (s, _, _) in enumerate(self.tokens):
            if s in "([{":
                stack.append(i)
            elif s in ")]}" and stack:
                j = stack.pop()
                self.partner[i], self.partner[j] = j, i

    def at(self, lineno, char_col):
        return self.line_starts[lineno - 1] + char_col

    def offset(self, lineno, byte_col):
        line = self.lines[lineno - 1]
        return self.line_starts[lineno - 1] + len(line.encode("utf-8")[:byte_col].decode("utf-8", "ignore"))

    def span(self, node):
        return self.offset(node.lineno, node.col_offset), self.offset(node.end_lineno, node.end_col_offset)

    def grouped_span(self, node):
        """The node's span widened over parentheses that group exactly this node."""
        start, end = self.span(node)
        while True:
            p = bisect.bisect_right(self.token_ends, start) - 1
            n = bisect.bisect_left(self.token_starts, end)
            if p < 0 or n >= len(self.tokens) or self.tokens[p][0] != "(" or self.partner.get(p) != n:
                return start, end
            start, end = self.tokens[p][1], self.tokens[n][2]

    def tokens_between(self, start, end):
        """Significant tokens inside [start, end), grouping parentheses left out."""
        lo = bisect.bisect_left(self.token_starts, start)
        return [t for t in self.tokens[lo:] if t[2] <= end and t[0] not in "()"]


class Finder:
    def __init__(self, text):
        self.tree = ast.parse(text)  # first: a SyntaxError says more than a tokenizer error
        self.src = Source(text)
        self.nodes = list(ast.walk(self.tree))
        self.index = {id(n): i for i, n in enumerate(self.nodes)}
        self.parent = {}
        for n in self.nodes:
            for field, value in ast.iter_fields(n):
                if isinstance(value, list):
                    for k, child in enumerate(value):
                        if isinstance(child, ast.AST):
                            self.parent[id(child)] = (n, field, k)
                elif isinstance(value, ast.AST):
                    self.parent[id(value)] = (n, field, None)
        self.skip = set()  # ids of nodes never mutated (f-string internals, annotations)
        for n in self.nodes:
            if isinstance(n, ast.JoinedStr):
                self.skip.update(id(x) for x in ast.walk(n))
            for field in ("annotation", "returns"):
                sub = getattr(n, field, None)
                if isinstance(sub, ast.AST):
                    self.skip.update(id(x) for x in ast.walk(sub))
        self.bound_constants = set()
        self.edits = []
        self.dropped = {"unparseable": 0, "not_isolated": 0}
        self.statements = [n for n in self.nodes if isinstance(n, ast.stmt)]

    # ---- helpers -------------------------------------------------------------------------
    def text(self, node, grouped=False):
        start, end = self.src.grouped_span(node) if grouped else self.src.span(node)
        return self.src.text[start:end]

    def int_value(self, node):
        if isinstance(node, ast.Constant) and type(node.value) is int:
            return node.value
        if (isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub) and isinstance(node.operand, ast.Constant)
                and type(node.operand.value) is int):
            return -node.operand.value
        return None

    def render_int(self, value, node):
        """value written like the literal it replaces: 0xF0 -> 0xEF, 0b101 -> 0b110, else decimal."""
        literal = self.text(node)
        for prefix, fmt in (("0x", "x"), ("0b", "b"), ("0o", "o")):
            if literal.lower().startswith(prefix) and value >= 0:
                digits = format(value, fmt)
                return literal[:2] + (digits.upper() if literal[2:] != literal[2:].lower() else digits)
        return str(value)

    def operator_span(self, after_node, before_node, words):
        """Span of the operator token(s) between two operands (e.g. `<`, `not in`, `and`)."""
        tokens = self.src.tokens_between(self.src.span(after_node)[1], self.src.span(before_node)[0])
        if [t[0] for t in tokens] != words:
            return None
        return tokens[0][1], tokens[-1][2]

    def context(self, offset):
        """The statement an edit sits in, as a reader would quote it (`if n < 2`, `return a - b`)."""
        best = None
        for stmt in self.statements:
            start, end = self.src.span(stmt)
            if start <= offset < end and (best is None or end - start < best[1] - best[0]):
                best = (start, end, stmt)
        if best is None:
            return ""
        start, end, stmt = best
        body = getattr(stmt, "body", None)
        if isinstance(body, list) and body and offset < self.src.span(body[0])[0]:
            end = self.src.span(body[0])[0]
        text = self.src.text[start:end]
        rel = offset - start
        if "\n" in text.strip():
            line_start = text.rfind("\n", 0, rel) + 1
            line_end = text.find("\n", rel)
            text, rel = text[line_start: line_end if line_end >= 0 else len(text)], rel - line_start
        lead = len(text) - len(text.lstrip())
        text, rel = text.strip(), rel - lead
        if text.endswith(":"):
            text = text[:-1].rstrip()
        if len(text) > CONTEXT_MAX:
            lo = max(0, min(rel - CONTEXT_MAX // 2, len(text) - CONTEXT_MAX))
            text = ("..." if lo > 0 else "") + text[lo: lo + CONTEXT_MAX] + ("..." if lo + CONTEXT_MAX < len(text) else "")
        return text

    # ---- verification --------------------------------------------------------------------
    def add(self, bug_type, start, end, replacement, transform, detail, count_drop=True):
        """Keeps the edit if the mutant's AST is exactly the intended change; returns whether it did."""
        text = self.src.text
        mutant = text[:start] + replacement + text[end:]
        try:
            mutant_tree = ast.parse(mutant)
        except SyntaxError:
            self.dropped["unparseable"] += count_drop
            return False
        expected = copy.deepcopy(self.tree)
        transform(list(ast.walk(expected)))
        if ast.dump(mutant_tree) != ast.dump(expected):
            self.dropped["not_isolated"] += count_drop
            return False
        self.edits.append({
            "bug_type": bug_type, "start": start, "end": end, "replacement": replacement,
            "original": text[start:end], "context": self.context(start), "detail": detail,
        })
        return True

    def replace_node(self, node, new_source):
        """A transform replacing `node` (located by walk index) with the parse of new_source."""
        parent, field, k = self.parent[id(node)]
        pi = self.index[id(parent)]

        def transform(nodes):
            new = ast.parse(new_source, mode="eval").body
            if k is None:
                setattr(nodes[pi], field, new)
            else:
                getattr(nodes[pi], field)[k] = new
        return transform

    def set_attr(self, node, field, value_fn, k=None):
        i = self.index[id(node)]

        def transform(nodes):
            if k is None:
                setattr(nodes[i], field, value_fn(nodes[i]))
            else:
                getattr(nodes[i], field)[k] = value_fn(nodes[i])
        return transform

    # ---- operator families ---------------------------------------------------------------
    def bound_role(self, node):
        if id(node) not in self.parent:
            return None
        parent, field, k = self.parent[id(node)]
        if (isinstance(parent, ast.Call) and field == "args" and isinstance(parent.func, ast.Name)
                and parent.func.id == "range" and k < 2 and not any(isinstance(a, ast.Starred) for a in parent.args)):
            return "range stop" if len(parent.args) == 1 or k == 1 else "range start"
        if isinstance(parent, ast.Slice) and field in ("lower", "upper"):
            return "slice start" if field == "lower" else "slice stop"
        if isinstance(parent, ast.Subscript) and field == "slice" and not isinstance(node, (ast.Slice, ast.Tuple)):
            if isinstance(node, ast.Constant) and not type(node.value) is int:
                return None  # a mapping key such as d["name"], not a position
            return "index"
        return None

    def off_by_one_boundary(self, node, role):
        value = self.int_value(node)
        start, end = self.src.span(node)
        bound = self.src.text[start:end]

        def detail(after):  # descriptions quote the whole bound: `len(s) - 1` to `len(s) - 2`
            return {"kind": "replace", "role": role, "before": bound, "after": after}
        if value is not None:
            self.bound_constants.add(id(node))
            for new in (value - 1, value + 1):
                rendered = self.render_int(new, node)
                self.add("off_by_one_boundary", start, end, rendered, self.replace_node(node, rendered), detail(rendered))
            return
        right = getattr(node, "right", None)
        step = self.int_value(right) if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Sub)) else None
        if step is not None and step > 0:
            self.bound_constants.add(id(right))
            for new in (step - 1, step + 1):
                if new == 0:  # `len(s) - 1` -> `len(s)`: drop the adjustment instead of writing `- 0`
                    left = self.text(node.left, grouped=True)
                    self.add("off_by_one_boundary", start, end, left, self.replace_node(node, left), detail(left))
                else:
                    r_start, r_end = self.src.span(right)
                    rendered = self.render_int(new, right)
                    after = self.src.text[start:r_start] + rendered + self.src.text[r_end:end]
                    self.add("off_by_one_boundary", r_start, r_end, rendered, self.replace_node(right, rendered), detail(after))
            return
        text = self.text(node)
        simple = isinstance(node, (ast.Name, ast.Attribute, ast.Call, ast.Subscript, ast.Constant)) or (
            isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Sub, ast.Mult, ast.Div, ast.FloorDiv, ast.Mod, ast.Pow)))
        base = text if simple else "(" + text + ")"
        for suffix in (" + 1", " - 1"):
            self.add("off_by_one_boundary", start, end, base + suffix, self.replace_node(node, base + suffix), detail(base + suffix))

    def off_by_one(self, node):
        value = self.int_value(node)
        parent, field, _ = self.parent[id(node)]
        op = getattr(parent, "op", None) if field in ("right", "value") else None
        start, end = self.src.span(node)
        for new in (value - 1, value + 1):
            if isinstance(op, (ast.Add, ast.Sub)) and new == 0:
                continue  # `x + 0` is no longer an expression anyone would write
            if isinstance(op, (ast.Mult, ast.Div, ast.FloorDiv, ast.Pow)) and new == 1:
                continue
            if isinstance(op, (ast.Div, ast.FloorDiv, ast.Mod)) and new == 0:
                continue  # a ZeroDivisionError on every call, never a plausible distractor
            rendered = self.render_int(new, node)
            # `total = -1` from `total = 0`: a new minus sign reads as deliberate; chosen last.
            awkward = new < 0 <= value
            self.add("off_by_one", start, end, rendered, self.replace_node(node, rendered), {"kind": "replace", "awkward": awkward})

    def wrong_operator(self, node):
        if isinstance(node, ast.BinOp):
            if isinstance(node.op, ast.Mod) and isinstance(node.left, (ast.Constant, ast.JoinedStr)) and isinstance(
                    getattr(node.left, "value", None), str):
                return  # "%d" % x is string formatting, not arithmetic
            symbol = BINOP_SYMBOLS.get(type(node.op))
            span = symbol and self.operator_span(node.left, node.right, [symbol])
            for new in BINOP_SWAPS.get(type(node.op), []) if span else []:
                self.add("wrong_operator", span[0], span[1], BINOP_SYMBOLS[new],
                         self.set_attr(node, "op", lambda _n, new=new: new()), {"kind": "replace"})
        elif isinstance(node, ast.AugAssign):
            symbol = BINOP_SYMBOLS.get(type(node.op))
            span = symbol and self.operator_span(node.target, node.value, [symbol + "="])
            for new in BINOP_SWAPS.get(type(node.op), []) if span else []:
                self.add("wrong_operator", span[0], span[1], BINOP_SYMBOLS[new] + "=",
                         self.set_attr(node, "op", lambda _n, new=new: new()), {"kind": "replace"})
        elif isinstance(node, ast.BoolOp) and len(node.values) == 2:
            word, other, new = ("and", "or", ast.Or) if isinstance(node.op, ast.And) else ("or", "and", ast.And)
            span = self.operator_span(node.values[0], node.values[1], [word])
            if span:
                self.add("wrong_operator", span[0], span[1], other, self.set_attr(node, "op", lambda _n: new()),
                         {"kind": "replace"})

    def wrong_comparison(self, node):
        for k, op in enumerate(node.ops):
            before = node.left if k == 0 else node.comparators[k - 1]
            span = self.operator_span(before, node.comparators[k], COMPARE_SYMBOLS[type(op)].split())
            for new in COMPARE_SWAPS[type(op)] if span else []:
                self.add("wrong_comparison", span[0], span[1], COMPARE_SYMBOLS[new],
                         self.set_attr(node, "ops", lambda _n, new=new: new(), k), {"kind": "replace"})

    def swap(self, bug_type, a, b, transform, detail):
        a_start, a_end = self.src.grouped_span(a)
        b_start, b_end = self.src.grouped_span(b)
        text = self.src.text
        left, middle, right = text[a_start:a_end], text[a_end:b_start], text[b_start:b_end]
        if left == right:
            return
        # `2 ** x` from `x ** 2`: a legal swap, but one no programmer slips into; chosen last.
        awkward = isinstance(a, ast.Constant) or isinstance(b, ast.Constant)
        detail = dict(detail, first=left, second=right, awkward=awkward)
        if self.add(bug_type, a_start, b_end, right + middle + left, transform, detail, count_drop=False):
            return
        # Moved to the other side, an operand may bind differently (`c - (a - b)` from
        # `a - b - c`): parenthesize compound operands and let the AST check judge again.
        def wrap(node, t):
            return t if isinstance(node, ATOMS) or t.startswith("(") else "(" + t + ")"
        self.add(bug_type, a_start, b_end, wrap(b, right) + middle + wrap(a, left), transform, detail)

    def swap_arguments(self, node):
        if isinstance(node, ast.Call):
            func = node.func
            name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None
            if name in SYMMETRIC_CALLS:
                return
            for k in range(len(node.args) - 1):
                a, b = node.args[k], node.args[k + 1]
                if isinstance(a, ast.Starred) or isinstance(b, ast.Starred):
                    continue

                def transform(nodes, i=self.index[id(node)], k=k):
                    args = nodes[i].args
                    args[k], args[k + 1] = args[k + 1], args[k]
                self.swap("swap_arguments", a, b, transform, {"kind": "swap_arguments", "callee": self.text(func)})
        elif isinstance(node, ast.BinOp) and isinstance(node.op, NON_COMMUTATIVE):
            if isinstance(node.op, ast.Mod) and isinstance(getattr(node.left, "value", None), str):
                return

            def transform(nodes, i=self.index[id(node)]):
                nodes[i].left, nodes[i].right = nodes[i].right, nodes[i].left
            self.swap("swap_arguments", node.left, node.right, transform,
                      {"kind": "swap_operands", "operator": BINOP_SYMBOLS[type(node.op)]})

    EXITS = (ast.Return, ast.Raise, ast.Continue, ast.Break)
    GUARD_MAX_LINES = 15

    def remove_edge_case_check(self, fn):
        """Deletes one guard: an `if` without `else` whose block ends by leaving (return, raise,
        continue, break), wherever it stands in the function (its body, a loop's body, another
        block), the whole block up to GUARD_MAX_LINES lines. The function's last statement is its
        result, not a guard; a guard that is its block's only statement cannot go (the block
        would be empty)."""
        text = self.src.text
        # Statement lists a guard may stand in; an `if`'s orelse is left out (an `elif` is a
        # branch of the logic, not a check in front of it).
        containers = [(n, field) for n in ast.walk(fn) for field in ("body", "orelse", "finalbody")
                      if isinstance(getattr(n, field, None), list) and not (isinstance(n, ast.If) and field == "orelse")]
        containers += [(h, "body") for h in ast.walk(fn) if isinstance(h, ast.ExceptHandler)]
        seen = set()
        for owner, field in containers:
            block = getattr(owner, field)
            if (id(owner), field) in seen or len(block) < 2:
                continue
            seen.add((id(owner), field))
            for k, stmt in enumerate(block):
                if owner is fn and field == "body" and k == len(block) - 1:
                    continue  # the last statement is the result, not a guard
                if not (isinstance(stmt, ast.If) and not stmt.orelse and isinstance(stmt.body[-1], self.EXITS)):
                    continue
                if any(isinstance(x, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) for x in ast.walk(stmt)):
                    continue
                lines = stmt.end_lineno - stmt.lineno + 1
                if lines > self.GUARD_MAX_LINES:
                    continue
                start, end = self.src.span(stmt)
                line_start = text.rfind("\n", 0, start) + 1
                line_end = text.find("\n", end)
                line_end = len(text) if line_end < 0 else line_end + 1
                rest = text[end:line_end].strip()
                if text[line_start:start].strip() or (rest and not rest.startswith("#")):
                    continue
                first = self.text(stmt.body[0]) if len(stmt.body) == 1 else self.text(stmt.body[-1])
                guard = "if " + self.text(stmt.test) + ": " + (first if len(stmt.body) == 1 else "… " + first)

                def transform(nodes, i=self.index[id(owner)], field=field, k=k):
                    del getattr(nodes[i], field)[k]
                self.add("remove_edge_case_check", line_start, line_end, "", transform,
                         {"kind": "delete", "guard": " ".join(guard.split()), "lines": lines})

    def run(self):
        # Bounds first, so off_by_one leaves the constants they already cover alone.
        for node in self.nodes:
            if id(node) in self.skip:
                continue
            role = self.bound_role(node)
            if role:
                self.off_by_one_boundary(node, role)
        for node in self.nodes:
            if id(node) in self.skip:
                continue
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                self.remove_edge_case_check(node)
            elif isinstance(node, ast.Compare):
                self.wrong_comparison(node)
            elif isinstance(node, (ast.BinOp, ast.AugAssign, ast.BoolOp)):
                self.wrong_operator(node)
            if isinstance(node, (ast.Call, ast.BinOp)):
                self.swap_arguments(node)
            if self.int_value(node) is not None and id(node) not in self.bound_constants and id(node) in self.parent:
                parent = self.parent[id(node)][0]
                negated = isinstance(parent, ast.UnaryOp) and isinstance(parent.op, ast.USub)
                if not negated:
                    self.off_by_one(node)
        # Source order; at one site the less awkward variant first (the selection takes the first).
        self.edits.sort(key=lambda e: (e["start"], e["end"], e["bug_type"], e["detail"].get("awkward", False), e["replacement"]))
        return self.edits


def main():
    for line in sys.stdin:
        if not line.strip():
            continue
        request = json.loads(line)
        try:
            finder = Finder(request["source"])
            edits = finder.run()
            reply = {"id": request["id"], "edits": edits, "dropped": finder.dropped}
        except (SyntaxError, ValueError, tokenize.TokenError) as e:
            reply = {"id": request["id"], "error": f"{type(e).__name__}: {e}"}
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
