// The sale and template editors' choice of where their product list goes (docs/product/screens.md#product-list): in
// its own 'Product List' window, or docked in the page. Remembered by the browser (ProductListWindow.tsx).
import CloseFullscreenIcon from '@mui/icons-material/CloseFullscreen';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Button } from '@mui/material';
import { useState } from 'react';
import { readWindowed, writeWindowed } from './ProductListWindow';

/** Whether the product list is in its own window, and the setter that remembers the choice. */
export function useProductListWindowed(): [boolean, (windowed: boolean) => void] {
  const [windowed, setWindowed] = useState(readWindowed);
  const set = (value: boolean) => {
    writeWindowed(value);
    setWindowed(value);
  };
  return [windowed, set];
}

export function ProductListWindowButton({
  windowed,
  onChange,
}: {
  windowed: boolean;
  onChange: (windowed: boolean) => void;
}) {
  return (
    <Button
      startIcon={windowed ? <CloseFullscreenIcon /> : <OpenInNewIcon />}
      variant="outlined"
      onClick={() => onChange(!windowed)}
    >
      {windowed ? 'Dock product list' : 'Product list in a window'}
    </Button>
  );
}
