import { ComingSoon } from '../../components/ComingSoon';

export function StockLocationPage() {
  return <ComingSoon title="Stock by Location" />;
}
