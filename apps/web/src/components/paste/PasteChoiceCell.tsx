// What one pasted row becomes (docs/product/screens.md#paste-lines): how it matched (`Matched`, `Choose`, `No match`),
// a select of the catalog's candidates (model, name and how sure the match is), the product found with the search
// button, `Add as a note` or `Skip`.
import SearchIcon from '@mui/icons-material/Search';
import { Box, Chip, IconButton, MenuItem, TextField, Tooltip } from '@mui/material';
import type { ProductDto } from '@quotewright/contracts';
import { type Choice, noteText, type ReviewRow } from './pasteReview';

const STATUS = {
  matched: { label: 'Matched', color: 'success' },
  ambiguous: { label: 'Choose', color: 'warning' },
  unmatched: { label: 'No match', color: 'default' },
} as const;

/** A product as an option: its model and name (the first line of its description), shortened. */
export function productLabel(p: ProductDto): string {
  const name = (p.description || p.display_name).split('\n', 1)[0] ?? '';
  const short = name.length > 60 ? `${name.slice(0, 59)}…` : name;
  return short && short !== p.model ? `${p.model || p.name} — ${short}` : p.model || p.name;
}

const selectValue = (choice: Choice) =>
  choice.kind === 'product' ? `p${choice.product.id}` : choice.kind === 'none' ? '' : choice.kind;

export function PasteChoiceCell({
  row,
  position,
  onChoice,
  onPick,
}: {
  row: ReviewRow;
  position: number;
  onChoice: (position: number, choice: Choice) => void;
  onPick: (position: number) => void;
}) {
  const status = STATUS[row.status];
  const picked = row.choice.kind === 'product' ? row.choice.product : undefined;
  const products = row.candidates.map((c) => ({ product: c.product, confidence: c.confidence as number | undefined }));
  if (picked && !products.some((c) => c.product.id === picked.id))
    products.push({ product: picked, confidence: undefined });
  const choose = (value: string) => {
    if (value === 'note' || value === 'skip') onChoice(position, { kind: value });
    const product = products.find((c) => `p${c.product.id}` === value)?.product;
    if (product) onChoice(position, { kind: 'product', product });
  };
  const n = row.index + 1;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
      <Chip size="small" label={status.label} color={status.color} variant="outlined" sx={{ width: 84 }} />
      <TextField
        select
        size="small"
        variant="standard"
        fullWidth
        value={selectValue(row.choice)}
        onChange={(e) => choose(e.target.value)}
        slotProps={{
          select: { displayEmpty: true },
          htmlInput: { 'aria-label': `Product for row ${n}` },
        }}
        sx={{ minWidth: 0 }}
      >
        <MenuItem value="" disabled>
          Choose…
        </MenuItem>
        {products.map(({ product, confidence }) => (
          <MenuItem key={product.id} value={`p${product.id}`} disabled={!product.active}>
            {productLabel(product)}
            {confidence !== undefined ? ` (${Math.round(confidence * 100)} %)` : ''}
            {product.active ? '' : ' — inactive'}
          </MenuItem>
        ))}
        <MenuItem value="note" disabled={noteText(row) === ''}>
          Add as a note
        </MenuItem>
        <MenuItem value="skip">Skip</MenuItem>
      </TextField>
      <Tooltip title="Find a product">
        <IconButton size="small" aria-label={`Find a product for row ${n}`} onClick={() => onPick(position)}>
          <SearchIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </Box>
  );
}
