// The global loading overlay: shown while at least one tracked operation is running.
import { Backdrop, CircularProgress } from '@mui/material';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from 'react';

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
  const countRef = useRef(0);
  const change = useCallback((by: number) => {
    countRef.current = Math.max(0, countRef.current + by);
    setCount(countRef.current);
  }, []);
  const begin = useCallback(() => {
    change(1);
    let done = false;
    return () => {
      if (done) return;
      done = true;
      change(-1);
    };
  }, [change]);
  const track = useCallback(
    <T,>(promise: Promise<T>) => {
      const end = begin();
      return promise.finally(end);
    },
    [begin],
  );
  // One value for the provider's life: the overlay coming and going does not render its users again (the sale
  // editor's actions use it).
  const api = useMemo(
    () => ({
      get isLoading() {
        return countRef.current > 0;
      },
      begin,
      track,
    }),
    [begin, track],
  );
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
