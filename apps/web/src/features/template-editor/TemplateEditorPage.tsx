import { ComingSoon } from '../../components/ComingSoon';

export function TemplateEditorPage() {
  return <ComingSoon title="Template Editor" />;
}
