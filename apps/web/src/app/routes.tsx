// Every route of docs/product/screens.md#routes, with who may open it (docs/product/roles.md#in-the-web-app).
import { matchRoutes, type RouteObject } from 'react-router';
import { NotFound } from '../components/NotFound';
import { RouteError } from '../components/RouteError';
import { LoginPage } from '../features/login/LoginPage';
import { type Access, ADMIN, ANY, edit, full, view } from './access';
import { Guard, HomeGuard } from './routing/Guard';
import { type LazyScreen, lazyScreen } from './routing/lazyScreen';
import { RequireAuth } from './routing/RequireAuth';
import { RootLayout } from './routing/RootLayout';

// Screens load on first visit (the login screen is part of the first download).
const AuditLogPage = lazyScreen(() => import('../features/audit/AuditLogPage').then((m) => m.AuditLogPage));
const AnalyticReportPage = lazyScreen(() =>
  import('../features/analytic-report/AnalyticReportPage').then((m) => m.AnalyticReportPage),
);
const DocumentEditorPage = lazyScreen(() =>
  import('../features/document-editor/DocumentEditorPage').then((m) => m.DocumentEditorPage),
);
const ErpOrderPage = lazyScreen(() => import('../features/erp-order/ErpOrderPage').then((m) => m.ErpOrderPage));
const JournalItemsPage = lazyScreen(() =>
  import('../features/journal-items/JournalItemsPage').then((m) => m.JournalItemsPage),
);
const ProfilePage = lazyScreen(() => import('../features/profile/ProfilePage').then((m) => m.ProfilePage));
const SaleEditorPage = lazyScreen(() => import('../features/sale-editor/SaleEditorPage').then((m) => m.SaleEditorPage));
const SalesListPage = lazyScreen(() => import('../features/sales-list/SalesListPage').then((m) => m.SalesListPage));
const SettingsPage = lazyScreen(() => import('../features/settings/SettingsPage').then((m) => m.SettingsPage));
const StockLocationPage = lazyScreen(() =>
  import('../features/stock-location/StockLocationPage').then((m) => m.StockLocationPage),
);
const StockProductPage = lazyScreen(() =>
  import('../features/stock-product/StockProductPage').then((m) => m.StockProductPage),
);
const TemplateEditorPage = lazyScreen(() =>
  import('../features/template-editor/TemplateEditorPage').then((m) => m.TemplateEditorPage),
);
const TemplatesPage = lazyScreen(() => import('../features/templates/TemplatesPage').then((m) => m.TemplatesPage));
const UsersPage = lazyScreen(() => import('../features/users/UsersPage').then((m) => m.UsersPage));

/** A screen's route: the screen behind its guard, and the screen itself in `handle` (see preloadScreenOf). */
function screen(path: string, access: Access, Screen: LazyScreen): RouteObject {
  return {
    path,
    element: (
      <Guard access={access}>
        <Screen />
      </Guard>
    ),
    handle: { screen: Screen },
  };
}

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: '/login', element: <LoginPage /> },
      {
        element: <RequireAuth />,
        children: [
          {
            // Screen errors render inside the shell, so navigation keeps working.
            errorElement: <RouteError />,
            children: [
              {
                index: true,
                element: (
                  <HomeGuard>
                    <SalesListPage />
                  </HomeGuard>
                ),
                handle: { screen: SalesListPage },
              },
              // the New Sale form is for those who may create one (a viewer's save would answer 403)
              screen('/sale', edit('sales'), SaleEditorPage),
              screen('/sale/:saleId', view('sales'), SaleEditorPage),
              screen('/sale/documents/:saleId', view('sales'), DocumentEditorPage),
              // an order of the built-in demo ERP ('Open in Odoo' when no real Odoo is connected)
              screen('/erp/orders/:odooId', view('sales'), ErpOrderPage),
              screen('/templates', full('sales'), TemplatesPage),
              screen('/template/:templateId/*', full('sales'), TemplateEditorPage),
              screen('/users', ADMIN, UsersPage),
              screen('/profile', ANY, ProfilePage),
              screen('/analyticreport', view('accounting'), AnalyticReportPage),
              screen('/journalitems', view('accounting'), JournalItemsPage),
              screen('/stock/location', view('inventory'), StockLocationPage),
              screen('/stock/product', view('inventory'), StockProductPage),
              screen('/settings', ADMIN, SettingsPage),
              screen('/audit', ADMIN, AuditLogPage),
              { path: '*', element: <NotFound /> },
            ],
          },
        ],
      },
    ],
    errorElement: <RouteError />,
  },
];

/**
 * Starts loading the code of the screen at `pathname` (a page loaded on a screen's address: the screen's download
 * overlaps the app's start instead of following its first render).
 */
export function preloadScreenOf(pathname: string): void {
  const match = matchRoutes(routes, pathname)?.at(-1);
  const screenOf = (match?.route.handle as { screen?: LazyScreen } | undefined)?.screen;
  screenOf?.preload().catch(() => undefined); // (the route loads it again, and shows its error)
}
