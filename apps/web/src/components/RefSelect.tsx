// A selector over a partner list (docs/product/rules.md#constants): at most the first 50 options, case-insensitive
// substring search on the label — the domain's selectorOptions is the filter.
import { Autocomplete, TextField } from '@mui/material';
import { SELECTOR_MAX_OPTIONS, selectorOptions } from '@quotewright/domain';

export interface RefOption {
  id: number;
  name: string;
}

export function RefSelect<T extends RefOption>({
  label,
  options,
  value,
  onChange,
  disabled,
  loading,
  max = SELECTOR_MAX_OPTIONS,
}: {
  label: string;
  options: readonly T[];
  value: RefOption | null;
  onChange: (value: T | null) => void;
  disabled?: boolean;
  loading?: boolean;
  max?: number;
}) {
  // The chosen value may be missing from the list (e.g. a partner no longer fetched): keep showing it.
  const selected = value ? (options.find((o) => o.id === value.id) ?? (value as T)) : null;
  // Read-only (a sale's header until its pencil is pressed): the value in a plain field. An Autocomplete renders and
  // styles far more (its buttons, popper and list logic), five of them in the sale editor's first render.
  if (disabled) return <TextField label={label} value={selected?.name ?? ''} disabled fullWidth size="small" />;
  return (
    <Autocomplete<T, false, false, false>
      options={options as T[]}
      value={selected}
      onChange={(_e, v) => onChange(v)}
      getOptionLabel={(o) => o.name ?? ''}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterOptions={(opts, state) => selectorOptions(opts, state.inputValue, (o) => o.name, max)}
      renderOption={(props, option) => {
        const { key, ...rest } = props as typeof props & { key: string };
        return (
          <li key={`${option.id}-${key}`} {...rest}>
            {option.name}
          </li>
        );
      }}
      loading={loading}
      fullWidth
      size="small"
      renderInput={(params) => <TextField {...params} label={label} />}
    />
  );
}
