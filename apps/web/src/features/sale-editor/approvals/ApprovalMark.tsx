// A line's or a section's approval mark: a flag in the error colour whose title says which rule it breaks. Rendered
// by every row, it reads only its own id's mark (marks.ts) and renders nothing for a row that breaks no rule.
import FlagIcon from '@mui/icons-material/Flag';
import { useApprovalMark } from './marks';

export function ApprovalMark({ id }: { id: string }) {
  const why = useApprovalMark(id);
  if (!why) return null;
  return (
    <FlagIcon
      data-testid="approval-mark"
      titleAccess={`Needs approval: ${why}`}
      color="error"
      sx={{ fontSize: 16, verticalAlign: 'middle', ml: 0.5 }}
    />
  );
}
