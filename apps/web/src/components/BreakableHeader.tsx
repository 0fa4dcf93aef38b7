// Column headers wrap between their words in narrow columns; a long word would set a column's least width by
// itself ("Manufacturer": ~90 px, in two tables beside each other at 1440 px). Such a word may break with a hyphen
// (a soft hyphen: shown only where it breaks), while the header is read, and found, by its whole name.
import { Box } from '@mui/material';

const BREAKS: Record<string, string> = { Manufacturer: 'Manu\u00adfacturer' };

/** The header's text with its break points, or the text itself. */
export function breakableHeader(text: string): string {
  return BREAKS[text] ?? text;
}

/** A header's text that may break inside a long word; its accessible name is the text. */
export function BreakableHeader({ text }: { text: string }) {
  const shown = breakableHeader(text);
  if (shown === text) return text;
  return (
    <>
      <span aria-hidden="true">{shown}</span>
      <Box
        component="span"
        sx={{
          position: 'absolute',
          width: '1px',
          height: '1px',
          overflow: 'hidden',
          clip: 'rect(0 0 0 0)',
          whiteSpace: 'nowrap',
        }}
      >
        {text}
      </Box>
    </>
  );
}
