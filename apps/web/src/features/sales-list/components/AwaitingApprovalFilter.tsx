// The sales list's "Awaiting approval" filter: a chip with how many sales wait for an approver's decision; on, the list
// shows only them (newest change first).
import HowToRegIcon from '@mui/icons-material/HowToReg';
import { Chip } from '@mui/material';
import { usePendingApprovals } from '../api/approvals';

export function AwaitingApprovalFilter({ on, onChange }: { on: boolean; onChange: (on: boolean) => void }) {
  const count = usePendingApprovals({ page: 0, pageSize: 1 }).data?.total;
  return (
    <Chip
      data-testid="awaiting-approval-filter"
      icon={<HowToRegIcon />}
      label={`Awaiting approval${count === undefined ? '' : ` (${count})`}`}
      color={on ? 'warning' : 'default'}
      variant={on ? 'filled' : 'outlined'}
      aria-pressed={on}
      onClick={() => onChange(!on)}
    />
  );
}
