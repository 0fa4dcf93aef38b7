import { ComingSoon } from '../../components/ComingSoon';

export function SalesListPage() {
  return <ComingSoon title="Sales" />;
}
