import { ComingSoon } from '../../components/ComingSoon';

export function DocumentEditorPage() {
  return <ComingSoon title="Document Editor" />;
}
