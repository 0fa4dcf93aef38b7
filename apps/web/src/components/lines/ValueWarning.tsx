// A value a customer should not see by accident (packages/domain's lineWarnings: a negative quantity, price or cost,
// a zero quantity) is allowed but marked: a warning sign before it whose tooltip says what the customer will see.
// Used by the sale's and the template's lines tables; the validity and pre-publish checks list the same sentences.
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { Box, Tooltip } from '@mui/material';
import type { LineWarning } from '@quotewright/domain';
import type { ReactNode } from 'react';

/** The warning sign of one cell: its tooltip and accessible name are the warning's sentence. */
export function ValueWarningMark({ warning }: { warning: LineWarning }) {
  return (
    <Tooltip title={warning.message} describeChild={false} enterDelay={200}>
      <Box
        component="span"
        role="img"
        aria-label={warning.message}
        data-warning-code={warning.code}
        data-testid="value-warning"
        sx={{
          display: 'inline-flex',
          verticalAlign: 'text-bottom',
          mr: 0.5,
          color: 'warning.main',
          cursor: 'help',
          fontSize: 16,
        }}
      >
        <WarningAmberIcon fontSize="inherit" />
      </Box>
    </Tooltip>
  );
}

/** A cell's shown value with the warning sign before it when the value has a warning. */
export function WithValueWarning({ warning, children }: { warning: LineWarning | undefined; children: ReactNode }) {
  if (!warning) return children;
  return (
    <>
      <ValueWarningMark warning={warning} />
      {children}
    </>
  );
}
