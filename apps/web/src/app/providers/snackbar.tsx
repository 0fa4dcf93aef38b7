// Snackbar alerts (docs/product/screens.md#shell): top right, auto-hide after SNACKBAR_AUTOHIDE_MS. Messages queue; one
// shows at a time.
import { Alert, type AlertColor, Button, Snackbar } from '@mui/material';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from 'react';
import { ErrorReference } from '../../components/ErrorReference';
import { errorMessage, errorReference } from '../../lib/api';
import { SNACKBAR_AUTOHIDE_MS } from '../../lib/constants';

export type SnackbarSeverity = AlertColor;

/** A button on the message (e.g. `Open` on a request for approval); the message closes when it is clicked. */
export interface SnackbarAction {
  label: string;
  onClick: () => void;
}

interface Message {
  id: number;
  text: string;
  severity: SnackbarSeverity;
  action?: SnackbarAction | undefined;
  /** A failed call's reference (its request id), shown small under the text. */
  reference?: string | undefined;
}

interface SnackbarApi {
  show(message: string, severity?: SnackbarSeverity, action?: SnackbarAction): void;
  /**
   * A failure's message (errorMessage; after `what` failed — "The list settings could not be saved: …" — when given)
   * and, for a failed call, its reference; an error alert unless said.
   */
  showError(failure: unknown, severity?: SnackbarSeverity, what?: string): void;
}

const SnackbarContext = createContext<SnackbarApi | null>(null);

export function SnackbarProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<Message[]>([]);
  const [open, setOpen] = useState(true);
  const nextId = useRef(1);
  const current = queue[0];

  const push = useCallback((message: Omit<Message, 'id'>) => {
    const id = nextId.current++;
    setQueue((q) => [...q, { id, ...message }]);
    setOpen(true);
  }, []);
  const show = useCallback(
    (text: string, severity: SnackbarSeverity = 'info', action?: SnackbarAction) => push({ text, severity, action }),
    [push],
  );
  const showError = useCallback(
    (failure: unknown, severity: SnackbarSeverity = 'error', what?: string) =>
      push({
        text: what ? `${what}: ${errorMessage(failure)}` : errorMessage(failure),
        severity,
        reference: errorReference(failure),
      }),
    [push],
  );

  const handleClose = (_e?: unknown, reason?: string) => {
    if (reason === 'clickaway') return;
    setOpen(false);
  };
  const handleExited = () => {
    setQueue((q) => q.slice(1));
    setOpen(true);
  };

  const api = useMemo(() => ({ show, showError }), [show, showError]);
  return (
    <SnackbarContext.Provider value={api}>
      {children}
      <Snackbar
        key={current?.id}
        open={current !== undefined && open}
        autoHideDuration={SNACKBAR_AUTOHIDE_MS}
        onClose={handleClose}
        anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ transition: { onExited: handleExited } }}
        sx={{ mt: 7 }}
      >
        {current ? (
          <Alert
            onClose={handleClose}
            action={
              current.action ? (
                <Button
                  color="inherit"
                  size="small"
                  onClick={() => {
                    current.action?.onClick();
                    setOpen(false);
                  }}
                >
                  {current.action.label}
                </Button>
              ) : undefined
            }
            severity={current.severity}
            variant="filled"
            elevation={6}
            sx={{ width: '100%' }}
            data-testid="snackbar"
          >
            {current.text}
            {current.reference && <ErrorReference id={current.reference} />}
          </Alert>
        ) : undefined}
      </Snackbar>
    </SnackbarContext.Provider>
  );
}

export function useSnackbar(): SnackbarApi {
  const ctx = useContext(SnackbarContext);
  if (!ctx) throw new Error('useSnackbar must be used inside SnackbarProvider');
  return ctx;
}
