// Expected vs current margin per account (plain SVG, no chart library): a pair of bars per account, the largest
// accounts by sales total first. Hidden in discrete mode by the page (margins are sensitive).
import { Box, Paper, Typography, useTheme } from '@mui/material';
import { formatMoney } from '../../../lib/format';
import type { AnalyticAccount } from '../api/analytic';

const MAX_ACCOUNTS = 12;
const BAR = 10;
const ROW = 2 * BAR + 10;
const LABEL = 200;
const WIDTH = 760;

export function MarginChart({ rows }: { rows: AnalyticAccount[] }) {
  const theme = useTheme();
  const top = [...rows]
    .filter((r) => r.totals.sales_total !== 0 || r.totals.current_invoiced !== 0)
    .sort((a, b) => b.totals.sales_total - a.totals.sales_total || a.id - b.id)
    .slice(0, MAX_ACCOUNTS);
  if (top.length === 0) return null;
  const values = top.flatMap((r) => [r.totals.expected_margin, r.totals.current_margin]);
  const max = Math.max(...values.map(Math.abs), 1);
  const hasNegative = values.some((v) => v < 0);
  const plot = WIDTH - LABEL - 90;
  const zero = LABEL + (hasNegative ? plot / 2 : 0);
  const scale = (hasNegative ? plot / 2 : plot) / max;
  const height = top.length * ROW + 30;
  const colors = { expected: theme.palette.primary.main, current: theme.palette.success.main };
  const bar = (v: number, y: number, color: string, label: string) => (
    <g>
      <rect
        x={v < 0 ? zero + v * scale : zero}
        y={y}
        width={Math.max(1, Math.abs(v) * scale)}
        height={BAR}
        fill={v < 0 ? theme.palette.error.main : color}
      >
        <title>{label}</title>
      </rect>
      <text
        x={v < 0 ? zero + 4 : zero + Math.abs(v) * scale + 4}
        y={y + BAR - 1}
        fontSize={10}
        fill={theme.palette.text.secondary}
      >
        {formatMoney(v)}
      </text>
    </g>
  );
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2, overflowX: 'auto' }} data-testid="margin-chart">
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', mb: 1 }}>
        <Typography variant="subtitle1" fontWeight={600} sx={{ flexGrow: 1 }}>
          Expected vs Current Margin
        </Typography>
        <Legend color={colors.expected} label="Expected Margin" />
        <Legend color={colors.current} label="Current Margin" />
      </Box>
      <svg width={WIDTH} height={height} role="img" aria-label="Expected vs current margin per analytic account">
        {top.map((r, i) => {
          const y = i * ROW + 4;
          return (
            <g key={r.id}>
              <text x={LABEL - 8} y={y + BAR + 4} fontSize={12} textAnchor="end" fill={theme.palette.text.primary}>
                {r.name.length > 28 ? `${r.name.slice(0, 27)}…` : r.name}
              </text>
              {bar(
                r.totals.expected_margin,
                y,
                colors.expected,
                `${r.name}: expected ${formatMoney(r.totals.expected_margin)}`,
              )}
              {bar(
                r.totals.current_margin,
                y + BAR + 2,
                colors.current,
                `${r.name}: current ${formatMoney(r.totals.current_margin)}`,
              )}
            </g>
          );
        })}
        <line x1={zero} x2={zero} y1={0} y2={height - 26} stroke={theme.palette.divider} />
      </svg>
    </Paper>
  );
}

function Legend({ color, label }: { color: string; label: string }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
      <Box sx={{ width: 12, height: 12, bgcolor: color, borderRadius: 0.5 }} />
      <Typography variant="caption">{label}</Typography>
    </Box>
  );
}
