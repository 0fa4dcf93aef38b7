import { Outlet, useSearchParams } from 'react-router';
import { CodeExchange } from '../../features/login/components/CodeExchange';

/** Handles the one-time single-sign-on `?code=` on any address before anything else renders. */
export function RootLayout() {
  const [params] = useSearchParams();
  const code = params.get('code');
  if (code) return <CodeExchange code={code} />;
  return <Outlet />;
}
