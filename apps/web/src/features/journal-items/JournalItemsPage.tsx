import { ComingSoon } from '../../components/ComingSoon';

export function JournalItemsPage() {
  return <ComingSoon title="Journal Items" />;
}
