// The print stylesheet of every protected screen (the top bar's Print / PDF button). A printout is always light
// (dark mode printed white headings on white paper and dark panels), and carries no app chrome: no top bar, drawer,
// buttons, snackbars or dialogs. Screens mark what else never prints with `data-print="hide"` (the sale editor
// hides its interactive tables and product list and prints its own SalePrintView instead).
export const PRINT_STYLES = {
  '@media print': {
    '@page': { margin: '12mm' },
    'html, body, #root': {
      background: '#fff !important',
      color: '#000 !important',
      colorScheme: 'light',
    },
    'body *': {
      color: '#000 !important',
      backgroundColor: 'transparent !important',
      backgroundImage: 'none !important',
      boxShadow: 'none !important',
      textShadow: 'none !important',
      borderColor: '#bbb !important',
    },
    [[
      'header.MuiAppBar-root',
      'nav',
      'aside',
      '.MuiDrawer-root',
      'button',
      '.MuiButtonBase-root',
      '.MuiButton-root',
      '.MuiIconButton-root',
      '.MuiSnackbar-root',
      '.MuiDialog-root',
      '.MuiBackdrop-root',
      '.MuiTooltip-popper',
      '[data-print="hide"]',
    ].join(', ')]: { display: 'none !important' },
    // the space kept for the fixed top bar
    'main > .MuiToolbar-root': { display: 'none !important' },
    'main .MuiContainer-root': { maxWidth: 'none !important', padding: '0 !important' },
  },
} as const;
