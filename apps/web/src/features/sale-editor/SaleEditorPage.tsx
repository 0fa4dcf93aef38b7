import { useParams } from 'react-router';
import { ComingSoon } from '../../components/ComingSoon';

/** /sale (new sale) and /sale/{saleID} (existing sale) are the same screen (SPEC §2). */
export function SaleEditorPage() {
  const { saleId } = useParams();
  return <ComingSoon title={saleId ? 'Sale' : 'New Sale'} />;
}
