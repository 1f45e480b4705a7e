// Renders a JSON Schema (as zod emits it for the OpenAPI document) as a readable field list.
// Named schemas are links to their entry under "Schemas".
type Schema = Record<string, unknown>;

const REF = "#/components/schemas/";

export function typeLabel(s: Schema): React.ReactNode {
  if (typeof s.$ref === "string") {
    const name = s.$ref.slice(REF.length);
    return (
      <a href={`#schema-${name}`} className="text-emerald-700 underline">
        {name}
      </a>
    );
  }
  if (Array.isArray(s.enum)) return s.enum.map((v) => JSON.stringify(v)).join(" | ");
  if ("const" in s) return JSON.stringify(s.const);
  const alternatives = (s.anyOf ?? s.oneOf) as Schema[] | undefined;
  if (alternatives) return join(alternatives.map(typeLabel), " | ");
  if (Array.isArray(s.prefixItems)) return <>[{join((s.prefixItems as Schema[]).map(typeLabel), ", ")}]</>;
  const types = Array.isArray(s.type) ? (s.type as string[]) : typeof s.type === "string" ? [s.type] : [];
  if (types.length === 0) return "any JSON";
  return join(
    types.map((t) => {
      if (t === "array" && s.items) return <>array of {typeLabel(s.items as Schema)}</>;
      if (t === "object" && s.additionalProperties && typeof s.additionalProperties === "object" && !s.properties) {
        return <>map of {typeLabel(s.additionalProperties as Schema)}</>;
      }
      if (t === "string" && typeof s.format === "string") return `string (${s.format})`;
      return t;
    }),
    " | ",
  );
}

export function SchemaView({ schema, depth = 0 }: { schema: Schema; depth?: number }) {
  const props = objectProperties(schema);
  if (!props) {
    return (
      <p className="text-sm">
        <span className="font-mono text-slate-800">{typeLabel(schema)}</span>
        {typeof schema.description === "string" && <span className="text-slate-600"> — {schema.description}</span>}
      </p>
    );
  }
  const required = new Set((props.schema.required as string[] | undefined) ?? []);
  return (
    <ul className={depth ? "ml-4 border-l border-slate-200 pl-3" : ""}>
      {Object.entries(props.properties).map(([name, field]) => {
        const nested = objectProperties(field) && depth < 3;
        return (
          <li key={name} className="py-0.5 text-sm">
            <code className="font-semibold">{name}</code>
            {!required.has(name) && <span className="text-slate-500"> (optional)</span>}{" "}
            <span className="font-mono text-slate-700">{nested && !field.$ref ? (props.isArray(field) ? "array of objects" : "object") : typeLabel(field)}</span>
            {typeof field.description === "string" && <span className="text-slate-600"> — {field.description}</span>}
            {nested && !field.$ref && <SchemaView schema={field} depth={depth + 1} />}
          </li>
        );
      })}
    </ul>
  );
}

// The properties of an object schema, or of the objects in an array (possibly nullable).
function objectProperties(s: Schema): { schema: Schema; properties: Record<string, Schema>; isArray: (f: Schema) => boolean } | null {
  const isArray = (f: Schema) => f.type === "array" || (Array.isArray(f.type) && f.type.includes("array"));
  if (s.properties && typeof s.properties === "object") return { schema: s, properties: s.properties as Record<string, Schema>, isArray };
  if (isArray(s) && s.items && typeof s.items === "object" && (s.items as Schema).properties) {
    const items = s.items as Schema;
    return { schema: items, properties: items.properties as Record<string, Schema>, isArray };
  }
  return null;
}

function join(parts: React.ReactNode[], sep: string): React.ReactNode {
  return parts.map((p, i) => (
    <span key={i}>
      {i > 0 && sep}
      {p}
    </span>
  ));
}
