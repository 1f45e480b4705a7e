import { parseArgs } from "node:util";
import { AppError } from "@/lib/errors/app-error";

/**
 * The options a command takes, by name: `strings` take a value (`--out dir` or `--out=dir`),
 * `booleans` are on when given, `lists` take a value and may repeat. `api: true` adds the flags
 * of the commands that talk to the API: --url and --token (EXECBOARD_URL and EXECBOARD_TOKEN
 * are their defaults, see api-options.ts) and --json.
 */
export interface OptionSpec<S extends string, B extends string, L extends string, A extends boolean> {
  strings?: readonly S[];
  booleans?: readonly B[];
  lists?: readonly L[];
  api?: A;
}

type ApiStrings<A extends boolean> = A extends true ? "url" | "token" : never;
type ApiBooleans<A extends boolean> = A extends true ? "json" : never;

/** What was given of each option (absent when it was not). */
export type OptionValues<S extends string, B extends string, L extends string> = {
  [K in S | B | L]?: K extends L ? string[] : K extends B ? boolean : string;
};

/** A command's words: its positionals, and its options with the API's when it has them. */
export interface ParsedArgs<S extends string, B extends string, L extends string, A extends boolean> {
  positionals: string[];
  values: OptionValues<S | ApiStrings<A>, B | ApiBooleans<A>, L>;
}

const API_SPEC = { strings: ["url", "token"], booleans: ["json"] } as const;

// node:util parseArgs (strict, positionals allowed) over the spec, with errors a user can act
// on (exit code 2 through BAD_REQUEST).
export function parse<
  const S extends string = never,
  const B extends string = never,
  const L extends string = never,
  A extends boolean = false,
>(argv: string[], spec: OptionSpec<S, B, L, A>): ParsedArgs<S, B, L, A> {
  const api = spec.api ? API_SPEC : { strings: [], booleans: [] };
  const options: Record<string, { type: "string" | "boolean"; multiple?: boolean }> = {};
  for (const name of [...api.strings, ...(spec.strings ?? [])]) options[name] = { type: "string" };
  for (const name of [...api.booleans, ...(spec.booleans ?? [])]) options[name] = { type: "boolean" };
  for (const name of spec.lists ?? []) options[name] = { type: "string", multiple: true };
  try {
    const { positionals, values } = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
    return { positionals, values: values as ParsedArgs<S, B, L, A>["values"] };
  } catch (e) {
    throw new AppError("BAD_REQUEST", (e as Error).message);
  }
}

export function required(value: string | undefined, name: string): string {
  if (!value) throw new AppError("BAD_REQUEST", `missing ${name}`);
  return value;
}

/** An integer option from `min` to `max`, `fallback` when it is not given. */
export function intOption(value: string | undefined, name: string, fallback: number, min: number, max: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) throw new AppError("BAD_REQUEST", `--${name} must be an integer from ${min} to ${max}`);
  return n;
}
