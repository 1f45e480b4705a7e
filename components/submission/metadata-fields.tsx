import { isVectorKind, type CheckedKind } from "@/lib/browser-check/check-report";

// The metadata a vendor sends beside the file (lib/submissions/metadata.ts). Errors are tied
// to their field (aria-invalid, aria-describedby) and worded by the same schema as the server's.
export type FieldErrors = Partial<Record<string, string>>;

const input =
  "mt-1 block w-full rounded border border-slate-300 bg-white px-3 py-2 text-sm focus:border-emerald-600 focus:outline-none focus:ring-2 focus:ring-emerald-600/30 aria-[invalid=true]:border-rose-600";

function Field(props: { id: string; label: string; hint?: string; required?: boolean; errors: FieldErrors; children: (a11y: Record<string, unknown>) => React.ReactNode }) {
  const error = props.errors[props.id];
  const described = [props.hint ? `${props.id}-hint` : "", error ? `${props.id}-error` : ""].filter(Boolean).join(" ") || undefined;
  return (
    <div>
      <label htmlFor={props.id} className="block text-sm font-medium text-slate-800">
        {props.label}
        {props.required && (
          <span className="text-rose-700">
            {" "}
            * <span className="sr-only">(required)</span>
          </span>
        )}
      </label>
      {props.children({ id: props.id, name: props.id, "aria-invalid": error ? true : undefined, "aria-describedby": described, required: props.required })}
      {props.hint && (
        <p id={`${props.id}-hint`} className="mt-1 text-xs text-slate-500">
          {props.hint}
        </p>
      )}
      {error && (
        <p id={`${props.id}-error`} className="mt-1 text-sm text-rose-700">
          {error}
        </p>
      )}
    </div>
  );
}

export function MetadataFields({ errors, kind }: { errors: FieldErrors; kind: CheckedKind | null }) {
  const vectors = isVectorKind(kind);
  return (
    <fieldset className="space-y-4">
      <legend className="text-base font-semibold">About the model</legend>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="model" label="Model name" required errors={errors} hint="As it should appear on the leaderboard.">
          {(a) => <input type="text" maxLength={200} autoComplete="off" className={input} {...a} />}
        </Field>
        <Field id="provider" label="Provider" required errors={errors}>
          {(a) => <input type="text" maxLength={100} autoComplete="organization" className={input} {...a} />}
        </Field>
        <Field id="revision" label="Revision" errors={errors} hint="A version, tag or commit.">
          {(a) => <input type="text" maxLength={200} className={input} {...a} />}
        </Field>
        <Field id="link" label="Link" errors={errors} hint="Model card or paper (https://…).">
          {(a) => <input type="url" maxLength={500} inputMode="url" className={input} {...a} />}
        </Field>
        <Field id="openWeights" label="Open weights" errors={errors}>
          {(a) => (
            <select className={input} defaultValue="" {...a}>
              <option value="">Not stated</option>
              <option value="yes">Yes</option>
              <option value="no">No</option>
            </select>
          )}
        </Field>
        <Field id="parameters" label="Parameters" errors={errors} hint="Parameter count, e.g. 335000000 (or 335M, 7.1B).">
          {(a) => <input type="text" inputMode="numeric" maxLength={20} autoComplete="off" className={input} {...a} />}
        </Field>
        <Field id="license" label="Licence" errors={errors} hint="The model's licence, e.g. Apache-2.0 or proprietary.">
          {(a) => <input type="text" maxLength={100} autoComplete="off" className={input} {...a} />}
        </Field>
        <Field id="releaseDate" label="Release date" errors={errors}>
          {(a) => <input type="date" className={input} {...a} />}
        </Field>
        {vectors && (
          <Field id="similarity" label="Similarity" errors={errors} hint="How query and corpus vectors are compared.">
            {(a) => (
              <select className={input} defaultValue="cosine" {...a}>
                <option value="cosine">Cosine</option>
                <option value="dot">Dot product</option>
              </select>
            )}
          </Field>
        )}
      </div>
      {vectors && (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="queryPrefix" label="Query prefix" errors={errors} hint='Text prepended to queries, e.g. "query: ".'>
            {(a) => <input type="text" maxLength={1000} className={`${input} font-mono`} {...a} />}
          </Field>
          <Field id="passagePrefix" label="Passage prefix" errors={errors} hint="Text prepended to code snippets.">
            {(a) => <input type="text" maxLength={1000} className={`${input} font-mono`} {...a} />}
          </Field>
        </div>
      )}
      <Field id="notes" label="Notes" errors={errors} hint="Anything a maintainer reviewing the results should know.">
        {(a) => <textarea rows={3} maxLength={5000} className={input} {...a} />}
      </Field>
    </fieldset>
  );
}

// FormData → the metadata object the API expects (empty optional fields left out).
export function metadataFrom(form: FormData, kind: CheckedKind): Record<string, unknown> {
  const text = (k: string) => {
    const v = form.get(k);
    return typeof v === "string" && v.trim() !== "" ? v : undefined;
  };
  const open = text("openWeights");
  const meta: Record<string, unknown> = {
    model: text("model") ?? "",
    provider: text("provider") ?? "",
    revision: text("revision")?.trim(),
    link: text("link")?.trim(),
    openWeights: open === undefined ? undefined : open === "yes",
    parameters: parseParameters(text("parameters")),
    license: text("license")?.trim(),
    releaseDate: text("releaseDate")?.trim(),
    notes: text("notes"),
  };
  if (isVectorKind(kind)) Object.assign(meta, { similarity: text("similarity") ?? "cosine", queryPrefix: text("queryPrefix"), passagePrefix: text("passagePrefix") });
  return Object.fromEntries(Object.entries(meta).filter(([, v]) => v !== undefined));
}

const SUFFIX: Record<string, number> = { k: 1e3, m: 1e6, b: 1e9, t: 1e12 };

/**
 * "335000000", "335,000,000", "335M", "7.1B" → a count. Text that is not a count is passed on
 * as it is, so the schema names the field in its error rather than the value vanishing.
 */
export function parseParameters(raw: string | undefined): number | string | undefined {
  if (raw === undefined) return undefined;
  const m = /^\s*([\d.,_]+)\s*([kmbt])?\s*$/i.exec(raw);
  if (!m) return raw;
  const n = Number(m[1].replace(/[,_]/g, ""));
  if (!Number.isFinite(n)) return raw;
  return Math.round(n * (m[2] ? SUFFIX[m[2].toLowerCase()] : 1));
}
