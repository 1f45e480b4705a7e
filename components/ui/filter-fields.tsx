import { fieldClass, labelClass } from "./field";

// The labelled fields of the reader pages' GET filter forms (query browser, model page).

export function SearchFilter({ id, label, defaultValue, placeholder, className }: { id: string; label: string; defaultValue: string; placeholder: string; className: string }) {
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <input id={id} type="search" name="q" defaultValue={defaultValue} placeholder={placeholder} className={fieldClass} />
    </div>
  );
}

/**
 * A select of [value, label] options, after an optional `empty` option (value ""). `dataDefault`
 * marks the value that AutoSubmitForm leaves out of the URL; `hiddenLabel` keeps the label for
 * screen readers only.
 */
export function SelectFilter({
  id,
  name,
  label,
  defaultValue,
  options,
  empty,
  dataDefault,
  hiddenLabel = false,
  className,
}: {
  id: string;
  name: string;
  label: string;
  defaultValue: string | number;
  options: readonly (readonly [value: string | number, label: string])[];
  empty?: string;
  dataDefault?: string;
  hiddenLabel?: boolean;
  className: string;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className={hiddenLabel ? "sr-only" : labelClass}>
        {label}
      </label>
      <select id={id} name={name} defaultValue={defaultValue} data-default={dataDefault} className={fieldClass}>
        {empty !== undefined && <option value="">{empty}</option>}
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}
