import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import { Chip, Tooltip } from '@mui/material';
import { useDiscreteMode } from '../discrete';

/** Shown while discrete mode is on; clicking it offers to leave discrete mode (with a confirmation). */
export function DiscreteIndicator() {
  const { discrete, setDiscrete } = useDiscreteMode();
  if (!discrete) return null;
  return (
    <Tooltip title="Pricing is hidden. Click to exit discrete mode.">
      <Chip
        icon={<VisibilityOffIcon />}
        label="Discrete"
        color="warning"
        size="small"
        onClick={() => setDiscrete(false)}
        data-testid="discrete-indicator"
        sx={{ mr: 1 }}
      />
    </Tooltip>
  );
}
