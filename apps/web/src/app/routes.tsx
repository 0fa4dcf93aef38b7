// Every route of SPEC §2, with who may open it (SPEC §6; DESIGN §5 for the rules SPEC leaves open).
import type { RouteObject } from 'react-router';
import { NotFound } from '../components/NotFound';
import { AnalyticReportPage } from '../features/analytic-report/AnalyticReportPage';
import { DocumentEditorPage } from '../features/document-editor/DocumentEditorPage';
import { JournalItemsPage } from '../features/journal-items/JournalItemsPage';
import { LoginPage } from '../features/login/LoginPage';
import { ProfilePage } from '../features/profile/ProfilePage';
import { SaleEditorPage } from '../features/sale-editor/SaleEditorPage';
import { SalesListPage } from '../features/sales-list/SalesListPage';
import { SettingsPage } from '../features/settings/SettingsPage';
import { StockLocationPage } from '../features/stock-location/StockLocationPage';
import { StockProductPage } from '../features/stock-product/StockProductPage';
import { TemplateEditorPage } from '../features/template-editor/TemplateEditorPage';
import { TemplatesPage } from '../features/templates/TemplatesPage';
import { UsersPage } from '../features/users/UsersPage';
import { ADMIN, ANY, full, view } from './access';
import { Guard, HomeGuard } from './routing/Guard';
import { RequireAuth } from './routing/RequireAuth';
import { RootLayout } from './routing/RootLayout';

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: '/login', element: <LoginPage /> },
      {
        element: <RequireAuth />,
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
              <Guard access={view('sales')}>
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
];
