// The presentation of a section (docs/product/rules.md#section-presentation): how the customer's document prints it —
// Details, Quantities only, Total only, or Optional (after the main sections, not in the total). The sections tables
// of the sale editor and the template editor show it in place of the former Show Details switch.
import { MenuItem, TextField } from '@mui/material';
import {
  isSectionPresentation,
  PRESENTATION_LABELS,
  SECTION_PRESENTATIONS,
  type SectionPresentation,
} from '@quotewright/domain';

/** What each presentation prints, for the select's tooltip-free help. */
export const PRESENTATION_HELP: Readonly<Record<SectionPresentation, string>> = {
  details: 'Lines with quantity, unit price and subtotal',
  quantities: 'Lines with quantities, no prices; the section total',
  total: 'One line: the section name and its total',
  optional: 'Offered after the main sections; not in the quote total',
};

export function PresentationSelect({
  value,
  sectionName,
  disabled,
  onChange,
}: {
  value: SectionPresentation;
  sectionName: string;
  disabled?: boolean;
  onChange(value: SectionPresentation): void;
}) {
  return (
    <TextField
      select
      size="small"
      variant="standard"
      value={value}
      disabled={disabled}
      onChange={(e) => {
        const next = e.target.value;
        if (isSectionPresentation(next) && next !== value) onChange(next);
      }}
      slotProps={{ htmlInput: { 'aria-label': `Presentation of ${sectionName}` } }}
      sx={{ minWidth: 140 }}
    >
      {SECTION_PRESENTATIONS.map((p) => (
        <MenuItem key={p} value={p} title={PRESENTATION_HELP[p]}>
          {PRESENTATION_LABELS[p]}
        </MenuItem>
      ))}
    </TextField>
  );
}
