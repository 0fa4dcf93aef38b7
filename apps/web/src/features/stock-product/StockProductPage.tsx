import { ComingSoon } from '../../components/ComingSoon';

export function StockProductPage() {
  return <ComingSoon title="Stock by Product" />;
}
