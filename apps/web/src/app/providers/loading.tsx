// The global loading overlay: shown while at least one tracked operation is running.
import { Backdrop, CircularProgress } from '@mui/material';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';

interface LoadingApi {
  isLoading: boolean;
  /** Shows the overlay until the returned function is called (safe to call more than once). */
  begin(): () => void;
  /** Shows the overlay while the promise is pending. */
  track<T>(promise: Promise<T>): Promise<T>;
}

const LoadingContext = createContext<LoadingApi | null>(null);

export function LoadingProvider({ children }: { children: ReactNode }) {
  const [count, setCount] = useState(0);
  const begin = useCallback(() => {
    setCount((c) => c + 1);
    let done = false;
    return () => {
      if (done) return;
      done = true;
      setCount((c) => Math.max(0, c - 1));
    };
  }, []);
  const track = useCallback(
    <T,>(promise: Promise<T>) => {
      const end = begin();
      return promise.finally(end);
    },
    [begin],
  );
  const api = useMemo(() => ({ isLoading: count > 0, begin, track }), [count, begin, track]);
  return (
    <LoadingContext.Provider value={api}>
      {children}
      <Backdrop
        open={count > 0}
        sx={(theme) => ({ zIndex: theme.zIndex.modal + 1, color: '#fff' })}
        data-testid="loading-overlay"
      >
        <CircularProgress color="inherit" aria-label="Loading" />
      </Backdrop>
    </LoadingContext.Provider>
  );
}

export function useLoadingOverlay(): LoadingApi {
  const ctx = useContext(LoadingContext);
  if (!ctx) throw new Error('useLoadingOverlay must be used inside LoadingProvider');
  return ctx;
}
