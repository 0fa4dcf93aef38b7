import { ComingSoon } from '../../components/ComingSoon';

export function TemplatesPage() {
  return <ComingSoon title="Templates" />;
}
