"""ExecBoard gate 2 (AST semantics) and the name sweep: what a snippet and a test suite define.

Like find-mutation-sites.py this only PARSES code with `ast` (never runs it), so it is safe on
the host. Run as: python3.11 -I inspect-snippets.py

Protocol (JSON lines):
  stdin  {"id", "code", "function_name", "tests": [str]}   (tests may be empty)
  stdout {"id", "syntax_error": str|null, "defines_target": bool,
          "function_names": [str],          every def anywhere in the snippet, sorted
          "test_problems": [{"index": int, "problem": str}]}
"""

import ast
import json
import sys


def syntax_message(e):
    return f"{type(e).__name__}: {e.msg} (line {e.lineno})"


def inspect_code(code, target):
    try:
        tree = ast.parse(code)
    except SyntaxError as e:
        return syntax_message(e), False, []
    names = sorted({n.name for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))})
    defines = any(isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)) and n.name == target for n in tree.body)
    return None, defines, names


def test_problem(test, target):
    if "\n" in test or "\r" in test:
        return "is not a single line"
    try:
        tree = ast.parse(test)
    except SyntaxError as e:
        return "does not parse: " + syntax_message(e)
    if len(tree.body) != 1 or not isinstance(tree.body[0], ast.Assert):
        return "is not a single `assert` statement"
    calls = [n for n in ast.walk(tree.body[0]) if isinstance(n, ast.Call)]
    if not any(isinstance(c.func, ast.Name) and c.func.id == target for c in calls):
        return f"does not call {target}()"
    return None


def main():
    for line in sys.stdin:
        if not line.strip():
            continue
        request = json.loads(line)
        target = request["function_name"]
        error, defines, names = inspect_code(request["code"], target)
        problems = []
        for i, test in enumerate(request.get("tests") or []):
            problem = test_problem(test, target)
            if problem:
                problems.append({"index": i, "problem": problem})
        reply = {"id": request["id"], "syntax_error": error, "defines_target": defines,
                 "function_names": names, "test_problems": problems}
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
