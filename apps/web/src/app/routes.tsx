// Every route of SPEC §2, with who may open it (SPEC §6; DESIGN §5 for the rules SPEC leaves open).
import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { NotFound } from '../components/NotFound';
import { RouteError } from '../components/RouteError';
import { LoginPage } from '../features/login/LoginPage';
import { ADMIN, ANY, edit, full, view } from './access';
import { Guard, HomeGuard } from './routing/Guard';
import { RequireAuth } from './routing/RequireAuth';
import { RootLayout } from './routing/RootLayout';

// Screens load on first visit (the login screen is part of the first download).
const AnalyticReportPage = lazy(() =>
  import('../features/analytic-report/AnalyticReportPage').then((m) => ({ default: m.AnalyticReportPage })),
);
const DocumentEditorPage = lazy(() =>
  import('../features/document-editor/DocumentEditorPage').then((m) => ({ default: m.DocumentEditorPage })),
);
const ErpOrderPage = lazy(() =>
  import('../features/erp-order/ErpOrderPage').then((m) => ({ default: m.ErpOrderPage })),
);
const JournalItemsPage = lazy(() =>
  import('../features/journal-items/JournalItemsPage').then((m) => ({ default: m.JournalItemsPage })),
);
const ProfilePage = lazy(() => import('../features/profile/ProfilePage').then((m) => ({ default: m.ProfilePage })));
const SaleEditorPage = lazy(() =>
  import('../features/sale-editor/SaleEditorPage').then((m) => ({ default: m.SaleEditorPage })),
);
const SalesListPage = lazy(() =>
  import('../features/sales-list/SalesListPage').then((m) => ({ default: m.SalesListPage })),
);
const SettingsPage = lazy(() => import('../features/settings/SettingsPage').then((m) => ({ default: m.SettingsPage })));
const StockLocationPage = lazy(() =>
  import('../features/stock-location/StockLocationPage').then((m) => ({ default: m.StockLocationPage })),
);
const StockProductPage = lazy(() =>
  import('../features/stock-product/StockProductPage').then((m) => ({ default: m.StockProductPage })),
);
const TemplateEditorPage = lazy(() =>
  import('../features/template-editor/TemplateEditorPage').then((m) => ({ default: m.TemplateEditorPage })),
);
const TemplatesPage = lazy(() =>
  import('../features/templates/TemplatesPage').then((m) => ({ default: m.TemplatesPage })),
);
const UsersPage = lazy(() => import('../features/users/UsersPage').then((m) => ({ default: m.UsersPage })));

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
              },
              {
                path: '/sale',
                element: (
                  // the New Sale form is for those who may create one (a viewer's save would answer 403)
                  <Guard access={edit('sales')}>
                    <SaleEditorPage />
                  </Guard>
                ),
              },
              {
                path: '/sale/:saleId',
                element: (
                  <Guard access={view('sales')}>
                    <SaleEditorPage />
                  </Guard>
                ),
              },
              {
                path: '/sale/documents/:saleId',
                element: (
                  <Guard access={view('sales')}>
                    <DocumentEditorPage />
                  </Guard>
                ),
              },
              {
                // an order of the built-in demo ERP ('Open in Odoo' when no real Odoo is connected)
                path: '/erp/orders/:odooId',
                element: (
                  <Guard access={view('sales')}>
                    <ErpOrderPage />
                  </Guard>
                ),
              },
              {
                path: '/templates',
                element: (
                  <Guard access={full('sales')}>
                    <TemplatesPage />
                  </Guard>
                ),
              },
              {
                path: '/template/:templateId/*',
                element: (
                  <Guard access={full('sales')}>
                    <TemplateEditorPage />
                  </Guard>
                ),
              },
              {
                path: '/users',
                element: (
                  <Guard access={ADMIN}>
                    <UsersPage />
                  </Guard>
                ),
              },
              {
                path: '/profile',
                element: (
                  <Guard access={ANY}>
                    <ProfilePage />
                  </Guard>
                ),
              },
              {
                path: '/analyticreport',
                element: (
                  <Guard access={view('accounting')}>
                    <AnalyticReportPage />
                  </Guard>
                ),
              },
              {
                path: '/journalitems',
                element: (
                  <Guard access={view('accounting')}>
                    <JournalItemsPage />
                  </Guard>
                ),
              },
              {
                path: '/stock/location',
                element: (
                  <Guard access={view('inventory')}>
                    <StockLocationPage />
                  </Guard>
                ),
              },
              {
                path: '/stock/product',
                element: (
                  <Guard access={view('inventory')}>
                    <StockProductPage />
                  </Guard>
                ),
              },
              {
                path: '/settings',
                element: (
                  <Guard access={ADMIN}>
                    <SettingsPage />
                  </Guard>
                ),
              },
              { path: '*', element: <NotFound /> },
            ],
          },
        ],
      },
    ],
    errorElement: <RouteError />,
  },
];
