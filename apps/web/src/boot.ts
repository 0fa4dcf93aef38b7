// The app's first module, evaluated before the rest of its code (main.tsx imports it first; modules run in the order
// they are imported): on a sale's address it asks for the sale and for the editor's code at once, so that both
// downloads overlap the evaluation of the app's own code instead of following it.
import { prefetchSaleOfPath } from './lib/salePrefetch';

// (the same import as the route's screen in routes.tsx: one download, one module)
if (prefetchSaleOfPath(window.location.pathname))
  import('./features/sale-editor/SaleEditorPage').catch(() => undefined);
