// The one dialog host of the app (docs/product/screens.md#shell). Screens ask for a dialog through useDialog();
// requests queue. Error dialogs are titled 'Error' (docs/product/screens.md#messages).
import {
  Button,
  type ButtonProps,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';
import {
  createContext,
  isValidElement,
  type ReactNode,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
} from 'react';
import { ErrorReference } from '../../components/ErrorReference';
import { errorMessage, errorReference } from '../../lib/api';

export interface DialogAction {
  label: string;
  /** What open() resolves with when this action is chosen (defaults to the label). */
  value?: string;
  color?: ButtonProps['color'];
  variant?: ButtonProps['variant'];
  autoFocus?: boolean;
}

export interface DialogOptions {
  title: string;
  message: ReactNode;
  actions?: DialogAction[];
  /** Backdrop click and Escape close the dialog (resolving null) unless false. */
  dismissible?: boolean;
  /** The failed call's reference (its request id), shown small under the message. */
  reference?: string | undefined;
}

export interface ConfirmOptions {
  title?: string;
  message: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  destructive?: boolean;
}

export interface DialogApi {
  /** Resolves with the chosen action's value, or null when dismissed. */
  open(options: DialogOptions): Promise<string | null>;
  confirm(options: ConfirmOptions): Promise<boolean>;
  /**
   * An error dialog: a message (text or elements) as it is, or the failure itself (an ApiError, any thrown value):
   * then its message (errorMessage) and, for a failed call, its reference.
   */
  error(messageOrFailure: unknown): Promise<void>;
}

interface Pending extends DialogOptions {
  id: number;
  resolve(value: string | null): void;
}

const DialogContext = createContext<DialogApi | null>(null);

const OK: DialogAction[] = [{ label: 'OK', variant: 'contained', autoFocus: true }];

export function DialogProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<Pending[]>([]);
  const nextId = useRef(1);
  const current = queue[0];

  const open = useCallback(
    (options: DialogOptions) =>
      new Promise<string | null>((resolve) => {
        const id = nextId.current++;
        setQueue((q) => [...q, { ...options, id, resolve }]);
      }),
    [],
  );

  const confirm = useCallback(
    async ({
      title = 'Please confirm',
      message,
      confirmLabel = 'OK',
      cancelLabel = 'Cancel',
      destructive,
    }: ConfirmOptions) => {
      const choice = await open({
        title,
        message,
        actions: [
          { label: cancelLabel, value: 'cancel' },
          {
            label: confirmLabel,
            value: 'confirm',
            variant: 'contained',
            color: destructive ? 'error' : 'primary',
            autoFocus: true,
          },
        ],
      });
      return choice === 'confirm';
    },
    [open],
  );

  const error = useCallback(
    async (what: unknown) => {
      const isMessage = typeof what === 'string' || typeof what === 'number' || isValidElement(what);
      if (isMessage) await open({ title: 'Error', message: what as ReactNode });
      else await open({ title: 'Error', message: errorMessage(what), reference: errorReference(what) });
    },
    [open],
  );

  const close = (value: string | null) => {
    if (!current) return;
    current.resolve(value);
    setQueue((q) => q.filter((p) => p.id !== current.id));
  };

  const api = useMemo(() => ({ open, confirm, error }), [open, confirm, error]);
  const actions = current?.actions?.length ? current.actions : OK;
  return (
    <DialogContext.Provider value={api}>
      {children}
      <Dialog
        open={current !== undefined}
        onClose={() => {
          if (current?.dismissible !== false) close(null);
        }}
        aria-labelledby="app-dialog-title"
        maxWidth="sm"
        fullWidth
      >
        {current && (
          <>
            <DialogTitle id="app-dialog-title">{current.title}</DialogTitle>
            <DialogContent>
              {typeof current.message === 'string' ? (
                <DialogContentText sx={{ whiteSpace: 'pre-wrap' }}>{current.message}</DialogContentText>
              ) : (
                current.message
              )}
              {current.reference && <ErrorReference id={current.reference} />}
            </DialogContent>
            <DialogActions>
              {actions.map((a) => (
                <Button
                  key={a.value ?? a.label}
                  onClick={() => close(a.value ?? a.label)}
                  color={a.color}
                  variant={a.variant ?? 'text'}
                  autoFocus={a.autoFocus}
                >
                  {a.label}
                </Button>
              ))}
            </DialogActions>
          </>
        )}
      </Dialog>
    </DialogContext.Provider>
  );
}

export function useDialog(): DialogApi {
  const ctx = useContext(DialogContext);
  if (!ctx) throw new Error('useDialog must be used inside DialogProvider');
  return ctx;
}
