import { ComingSoon } from '../../components/ComingSoon';

export function AnalyticReportPage() {
  return <ComingSoon title="Analytic Report" />;
}
