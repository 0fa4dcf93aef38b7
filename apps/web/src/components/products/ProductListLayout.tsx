// Where an editor's product list goes (docs/product/screens.md#product-list, sale and template editors): in its own
// 'Product List' window when windowed (with a button to open it again when the browser blocked the pop-up), beside the
// content in widescreen (about 7/12 + 5/12, each side at least as wide as its table needs while there is room, so
// neither loses columns), else in a collapsible panel above the content.
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Accordion, AccordionDetails, AccordionSummary, Alert, Box, Button, Typography } from '@mui/material';
import { type ReactNode, useEffect, useState } from 'react';
import { ProductListWindow } from './ProductListWindow';

export function ProductListLayout({
  productList,
  wide,
  windowed,
  onWindowClosed,
  expanded,
  onExpandedChange,
  children,
}: {
  /** null when the user may not add products: the content alone. */
  productList: ReactNode | null;
  wide: boolean;
  windowed: boolean;
  onWindowClosed: () => void;
  expanded: boolean;
  onExpandedChange: (open: boolean) => void;
  children: ReactNode;
}) {
  const [blocked, setBlocked] = useState(false);
  const [windowKey, setWindowKey] = useState(0);
  // Docking the list forgets a blocked pop-up: the next undocking tries again.
  useEffect(() => {
    if (!windowed) setBlocked(false);
  }, [windowed]);
  if (!productList) return <>{children}</>;
  if (windowed) {
    return (
      <>
        {blocked ? (
          <Alert
            severity="info"
            sx={{ mb: 2 }}
            action={
              <Button
                color="inherit"
                size="small"
                onClick={() => {
                  setBlocked(false);
                  setWindowKey((k) => k + 1);
                }}
              >
                Open Product List
              </Button>
            }
          >
            The product list opens in its own window.
          </Alert>
        ) : (
          <ProductListWindow key={windowKey} onClosed={onWindowClosed} onBlocked={() => setBlocked(true)}>
            {productList}
          </ProductListWindow>
        )}
        {children}
      </>
    );
  }
  if (wide) {
    // Each side starts from the width its table needs and the rest is shared 7:5; with less room than both need,
    // both give way alike (each table then scrolls inside itself, the page never does).
    return (
      <Box sx={{ display: 'flex', flexDirection: { xs: 'column', lg: 'row' }, gap: 2 }}>
        <Box sx={{ flex: { lg: '7 1 min-content' }, minWidth: 0 }}>{children}</Box>
        <Box sx={{ flex: { lg: '5 1 min-content' }, minWidth: 0 }} data-testid="product-list-inline">
          {productList}
        </Box>
      </Box>
    );
  }
  return (
    <>
      <Accordion
        expanded={expanded}
        onChange={(_e, open) => onExpandedChange(open)}
        slotProps={{ transition: { unmountOnExit: true } }}
        disableGutters
        variant="outlined"
        sx={{ mb: 2 }}
        data-testid="product-list-inline"
      >
        <AccordionSummary expandIcon={<ExpandMoreIcon />}>
          <Typography fontWeight={600}>Product List</Typography>
        </AccordionSummary>
        <AccordionDetails sx={{ p: 0 }}>{productList}</AccordionDetails>
      </Accordion>
      {children}
    </>
  );
}
