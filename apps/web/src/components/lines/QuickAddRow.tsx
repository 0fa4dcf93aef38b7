// The entry row at the end of a lines table (docs/product/screens.md#quick-add): typing a model, a part number or a
// name suggests catalog products as you type (GET /api/products/suggest), the arrows choose, Enter adds the line at
// the end of the section and opens its quantity; Enter or Tab there saves it and the entry row is ready again — a
// quote typed without the mouse. Escape clears the entry.

import { Autocomplete, Box, TextField, Typography } from '@mui/material';
import { catalogApi, type ProductDto } from '@quotewright/contracts';
import { NUMERIC_FIELDS } from '@quotewright/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { memo, useRef, useState } from 'react';
import { call } from '../../lib/api';
import { checkNumberInput } from './numberInput';
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
  /**
   * Adds the product as a line at the end of the section (with `quantity` when the row asked for it); resolves to
   * the new line's id (none: not added, or not to be opened in the table).
   */
  onAdd(product: ProductDto, quantity?: string): Promise<string | undefined>;
  /** The lines table the new line shows in (its quantity is opened there). */
  table(): HTMLElement | null;
  /** The quantity is typed in the entry row itself, before the line is added (a table without editable cells). */
  askQuantity?: boolean;
}

/** The entry row's own quantity (askQuantity): Enter adds the line, Escape goes back to the product. */
function QuantityStep({ onDone, onCancel }: { onDone: (quantity: string) => void; onCancel: () => void }) {
  const [text, setText] = useState('1');
  const [error, setError] = useState<string | undefined>();
  return (
    <TextField
      size="small"
      label="Qty"
      autoFocus
      value={text}
      error={error !== undefined}
      helperText={error}
      onFocus={(e) => e.target.select()}
      onChange={(e) => {
        setText(e.target.value);
        setError(undefined);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          onCancel();
        } else if (e.key === 'Enter' || e.key === 'Tab') {
          e.preventDefault();
          const checked = checkNumberInput(text, NUMERIC_FIELDS.quantity);
          if (checked.ok) onDone(checked.value);
          else setError(checked.message);
        }
      }}
      sx={{ width: 110 }}
    />
  );
}

export const QuickAddRow = memo(function QuickAddRow({ onAdd, table, askQuantity = false }: QuickAddRowProps) {
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [picked, setPicked] = useState<ProductDto | null>(null);
  const input = useRef<HTMLInputElement | null>(null);
  /**
   * The person moved the highlight themselves (arrows, pointer) since the text last changed. Until then Enter takes
   * the first suggestion shown: MUI keeps an earlier list's highlighted option highlighted when a newer list for the
   * same text still holds it lower down, so Enter added a product other than the one at the top (found by a journey).
   */
  const moved = useRef(false);
  const suggestions = useSuggestions(picked ? '' : text);
  const options = text.trim() && !picked ? (suggestions.data ?? []) : [];
  const back = () => requestAnimationFrame(() => input.current?.focus());

  const add = async (product: ProductDto, quantity?: string) => {
    setBusy(true);
    try {
      const id = await onAdd(product, quantity);
      setText('');
      setPicked(null);
      if (id) await openQuantityOf(table(), id, back);
      else back();
    } finally {
      setBusy(false);
    }
  };
  const choose = (product: ProductDto) => {
    if (!askQuantity) return void add(product);
    setPicked(product);
    setText(optionText(product));
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
          if (reason === 'reset') return;
          moved.current = false;
          setText(value);
          setPicked(null);
        }}
        onHighlightChange={(_e, _option, reason) => {
          if (reason === 'keyboard' || reason === 'mouse') moved.current = true;
        }}
        onChange={(_e, product) => {
          if (product) choose(product);
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
              const first = options[0];
              if (e.key === 'Enter' && !moved.current && first && !e.nativeEvent.isComposing) {
                e.preventDefault();
                (e as typeof e & { defaultMuiPrevented?: boolean }).defaultMuiPrevented = true;
                choose(first);
              }
            }}
          />
        )}
      />
      {picked && (
        <QuantityStep
          onDone={(quantity) => void add(picked, quantity)}
          onCancel={() => {
            setPicked(null);
            back();
          }}
        />
      )}
    </Box>
  );
});
