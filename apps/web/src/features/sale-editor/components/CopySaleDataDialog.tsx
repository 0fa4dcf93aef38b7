// Copy Sale Data (docs/product/screens.md#copy-sale-data): destination sales in draft or sent only, a sections
// checklist, copy style new | merge | overwrite and, for merge only, the merge-products option.
import {
  Alert,
  Autocomplete,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField,
} from '@mui/material';
import {
  DEFAULT_SECTION_COPY_STYLE,
  SECTION_COPY_STYLES,
  type SectionCopyStyle,
  saleDisplayName,
  selectorOptions,
} from '@quotewright/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api';
import { useDebouncedValue } from '../../../lib/useDebouncedValue';
import { type DestinationSale, destinationSales } from '../api/sale';
import type { Sale } from '../api/types';

const STYLE_LABELS: Record<SectionCopyStyle, string> = { new: 'New', merge: 'Merge', overwrite: 'Overwrite' };

export interface CopyRequest {
  destination: string;
  sections: string[];
  copyStyle: SectionCopyStyle;
  mergeProducts: boolean;
}

/** A sale saved without a name is listed as 'Untitled quote', as in the sales list. */
const saleLabel = (s: DestinationSale) => `${s.order_number || s.quote_number} — ${saleDisplayName(s.name)}`;

export function CopySaleDataDialog({
  sale,
  initialSectionIds,
  onCopy,
  onCancel,
}: {
  sale: Sale;
  initialSectionIds: string[];
  onCopy: (request: CopyRequest) => void;
  onCancel: () => void;
}) {
  const [input, setInput] = useState('');
  const [destination, setDestination] = useState<DestinationSale | null>(null);
  // while a chosen sale's label is shown in the field, list the latest sales rather than searching for that label
  const search = useDebouncedValue(destination && input === saleLabel(destination) ? '' : input);
  const destinations = useQuery({
    queryKey: ['sales', 'destinations', search],
    queryFn: ({ signal }) => destinationSales(search, signal),
    placeholderData: keepPreviousData,
  });
  const [sections, setSections] = useState<Set<string>>(() => new Set(initialSectionIds));
  const [copyStyle, setCopyStyle] = useState<SectionCopyStyle>(DEFAULT_SECTION_COPY_STYLE);
  const [mergeProducts, setMergeProducts] = useState(false);

  const toggle = (id: string) =>
    setSections((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <Dialog open onClose={onCancel} maxWidth="sm" fullWidth aria-labelledby="copy-title">
      <DialogTitle id="copy-title">Copy Sale Data</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {destinations.error && <Alert severity="error">{errorMessage(destinations.error)}</Alert>}
          <Autocomplete<DestinationSale, false, false, false>
            options={destinations.data ?? []}
            loading={destinations.isLoading}
            value={destination}
            onChange={(_e, v) => setDestination(v)}
            inputValue={input}
            onInputChange={(_e, v) => setInput(v)}
            getOptionLabel={saleLabel}
            isOptionEqualToValue={(a, b) => a._id === b._id}
            // the server searched already (quote number, name, customer); keep the cap of 50 options
            filterOptions={(opts) => selectorOptions(opts, '', saleLabel)}
            renderOption={(props, option) => {
              const { key, ...rest } = props as typeof props & { key: string };
              return (
                <li key={`${option._id}-${key}`} {...rest}>
                  {saleLabel(option)}
                  {option._id === sale._id ? ' (this sale)' : ''}
                </li>
              );
            }}
            renderInput={(params) => <TextField {...params} label="Destination Sale" size="small" />}
          />
          <FormControl component="fieldset">
            <FormLabel component="legend">Sections</FormLabel>
            <FormGroup>
              {sale.sections.map((s) => (
                <FormControlLabel
                  key={s._id}
                  control={<Checkbox checked={sections.has(s._id)} onChange={() => toggle(s._id)} />}
                  label={s.name}
                />
              ))}
            </FormGroup>
          </FormControl>
          <FormControl>
            <FormLabel id="copy-style-label">Copy Style</FormLabel>
            <RadioGroup
              row
              aria-labelledby="copy-style-label"
              value={copyStyle}
              onChange={(e) => setCopyStyle(e.target.value as SectionCopyStyle)}
            >
              {SECTION_COPY_STYLES.map((s) => (
                <FormControlLabel key={s} value={s} control={<Radio />} label={STYLE_LABELS[s]} />
              ))}
            </RadioGroup>
          </FormControl>
          {copyStyle === 'merge' && (
            <FormControlLabel
              control={<Checkbox checked={mergeProducts} onChange={(e) => setMergeProducts(e.target.checked)} />}
              label="Merge lines with the same product, price and cost"
            />
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
        <Button
          variant="contained"
          onClick={() =>
            onCopy({
              destination: destination?._id ?? '',
              // in the sale's order, whatever order they were ticked in
              sections: sale.sections.filter((s) => sections.has(s._id)).map((s) => s._id),
              copyStyle,
              mergeProducts: copyStyle === 'merge' && mergeProducts,
            })
          }
        >
          Copy
        </Button>
      </DialogActions>
    </Dialog>
  );
}
