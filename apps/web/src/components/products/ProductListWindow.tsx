// The detached product list (docs/product/screens.md#product-list: with the product-list-windowed setting it is shown
// in a separate window). The list renders into a window opened with window.open through a portal, so it shares this
// app's state; its styles go to that window through an emotion cache bound to its document. Products are dragged from
// it with HTML5 drag data, which crosses windows.
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { Box, ScopedCssBaseline, ThemeProvider } from '@mui/material';
import { createTheme, type Theme } from '@mui/material/styles';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';

export const PRODUCT_LIST_WINDOW_TITLE = 'Product List';
export const PRODUCT_LIST_WINDOWED_KEY = 'qw.productListWindowed';

export function readWindowed(): boolean {
  try {
    return window.localStorage.getItem(PRODUCT_LIST_WINDOWED_KEY) === 'true';
  } catch {
    return false;
  }
}

export function writeWindowed(value: boolean): void {
  try {
    window.localStorage.setItem(PRODUCT_LIST_WINDOWED_KEY, String(value));
  } catch {
    // storage unavailable: the setting lasts for this page only
  }
}

/**
 * Renders `children` in the Product List window. When the browser blocks the window (a page load is not a user
 * gesture), `onBlocked` is called and the setting stays on: the caller offers a button to open it.
 */
/** Menus, popovers and tooltips opened inside the window must render in its document, not in the opener's. */
function popupTheme(outer: Theme, body: HTMLElement): Theme {
  return createTheme(outer, {
    components: {
      MuiModal: { defaultProps: { container: body } },
      MuiPopover: { defaultProps: { container: body } },
      MuiMenu: { defaultProps: { container: body } },
      MuiPopper: { defaultProps: { container: body } },
      MuiTooltip: { defaultProps: { slotProps: { popper: { container: body } } } },
    },
  });
}

export function ProductListWindow({
  children,
  onClosed,
  onBlocked,
}: {
  children: ReactNode;
  onClosed: () => void;
  onBlocked: () => void;
}) {
  const [win, setWin] = useState<Window | null>(null);
  useEffect(() => {
    const w = window.open('', 'quotewright-product-list', 'width=1100,height=800');
    if (!w) {
      onBlocked();
      return;
    }
    w.document.title = PRODUCT_LIST_WINDOW_TITLE;
    w.document.body.innerHTML = '';
    w.document.body.style.margin = '0';
    const root = w.document.createElement('div');
    root.id = 'product-list-root';
    w.document.body.appendChild(root);
    setWin(w);
    const timer = window.setInterval(() => {
      if (w.closed) {
        window.clearInterval(timer);
        onClosed();
      }
    }, 500);
    const closeChild = () => w.close();
    window.addEventListener('beforeunload', closeChild);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('beforeunload', closeChild);
      w.close();
    };
    // onClosed is read once: the window lives as long as this component
  }, []);
  const cache = useMemo(
    () => (win ? createCache({ key: 'qw-product-window', container: win.document.head, speedy: false }) : null),
    [win],
  );
  const container = win?.document.getElementById('product-list-root');
  if (!win || !cache || !container) return null;
  return createPortal(
    <CacheProvider value={cache}>
      <ThemeProvider theme={(outer: Theme) => popupTheme(outer, win.document.body)}>
        <ScopedCssBaseline sx={{ minHeight: '100vh' }}>
          <Box sx={{ p: 2 }}>{children}</Box>
        </ScopedCssBaseline>
      </ThemeProvider>
    </CacheProvider>,
    container,
  );
}
