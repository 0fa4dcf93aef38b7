// The entry row at the end of a lines table (docs/product/screens.md#quick-add): typing a model, a part number or a
// name suggests catalog products as you type (GET /api/products/suggest), the arrows choose, Enter adds the line at
// the end of the section and opens its quantity; Enter or Tab there saves it and the entry row is ready again — a
// quote typed without the mouse. Escape clears the entry.

import { Autocomplete, Box, TextField, Typography } from '@mui/material';
import { catalogApi, type ProductDto } from '@quotewright/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { memo, useRef, useState } from 'react';
import { call } from '../../lib/api';
import { openQuantityOf } from './openQuantity';

/** What a person sees of a suggestion: model, name, manufacturer and part number. */
function optionText(p: ProductDto): string {
  const parts = [p.model || p.name, p.model && p.name !== p.model ? p.name : ''];
  return parts.filter(Boolean).join(' — ');
}

function useSuggestions(text: string) {
  const q = text.trim();
  return useQuery({
    queryKey: ['products', 'suggest', q],
    queryFn: ({ signal }) => call(catalogApi.suggest, { query: { q } }, { signal }),
    enabled: q.length > 0,
    // the previous list stays while the next one is on its way: the list does not flicker at each key
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export interface QuickAddRowProps {
  /** Adds the product as a line at the end of the section; resolves to the new line's id (none: not added). */
  onAdd(product: ProductDto): Promise<string | undefined>;
  /** The lines table the new line shows in (its quantity is opened there). */
  table(): HTMLElement | null;
}

export const QuickAddRow = memo(function QuickAddRow({ onAdd, table }: QuickAddRowProps) {
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement | null>(null);
  const suggestions = useSuggestions(text);
  const options = text.trim() ? (suggestions.data ?? []) : [];

  const add = async (product: ProductDto) => {
    setBusy(true);
    try {
      const id = await onAdd(product);
      setText('');
      const back = () => input.current?.focus();
      if (id) await openQuantityOf(table(), id, back);
      else back();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box data-testid="quick-add" sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1, py: 0.5 }}>
      <Autocomplete<ProductDto, false, false, false>
        sx={{ flex: 1, maxWidth: 640 }}
        size="small"
        options={options}
        // the server ranks: the list is shown as it comes
        filterOptions={(x) => x}
        getOptionLabel={optionText}
        getOptionKey={(p) => p.id}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        value={null}
        inputValue={text}
        onInputChange={(_e, value, reason) => {
          if (reason !== 'reset') setText(value);
        }}
        onChange={(_e, product) => {
          if (product) void add(product);
        }}
        autoHighlight
        clearOnBlur={false}
        blurOnSelect={false}
        disabled={busy}
        loading={suggestions.isFetching}
        noOptionsText={suggestions.isFetching ? 'Searching…' : 'No product matches'}
        openOnFocus={false}
        renderOption={({ key, ...props }, p) => (
          <li key={key} {...props}>
            <Box sx={{ display: 'flex', flexDirection: 'column', minWidth: 0 }}>
              <Typography variant="body2" noWrap>
                {optionText(p)}
              </Typography>
              <Typography variant="caption" color="text.secondary" noWrap>
                {[p.manufacturer.name, p.part_number && `MPN ${p.part_number}`, p.price].filter(Boolean).join(' · ')}
              </Typography>
            </Box>
          </li>
        )}
        renderInput={(params) => (
          <TextField
            {...params}
            inputRef={input}
            label="Add a line"
            placeholder="Type a model, a part number or a name"
            onKeyDown={(e) => {
              if (e.key === 'Escape' && text) {
                e.stopPropagation();
                setText('');
              }
            }}
          />
        )}
      />
    </Box>
  );
});
