// One tooltip for many elements. A table with icon buttons on every row gave each button its own MUI Tooltip (~80 on
// a sale of 20 sections), each several components even while closed, all rendered whenever the table was. Here the
// container listens (the events bubble to it) and one Tooltip shows the `data-tooltip` text of the element under the
// pointer (after MUI's usual delay) or with keyboard focus, anchored to that element.
import { Tooltip } from '@mui/material';
import {
  type FocusEvent,
  type PointerEvent,
  type ReactNode,
  type SyntheticEvent,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';

/** MUI Tooltip's default enterDelay. */
const ENTER_DELAY_MS = 100;

/** Focus that shows a focus ring (the keyboard's): the only focus a tooltip opens on, as MUI's does. */
function keyboardFocus(el: Element): boolean {
  try {
    return el.matches(':focus-visible');
  } catch {
    return false;
  }
}

const tipOf = (e: SyntheticEvent): HTMLElement | null =>
  e.target instanceof Element ? e.target.closest<HTMLElement>('[data-tooltip]') : null;

export interface DelegatedTooltip {
  /** For the container of the elements with `data-tooltip`. */
  containerProps: {
    onPointerOver(e: PointerEvent): void;
    onPointerOut(e: PointerEvent): void;
    onPointerDown(): void;
    onFocus(e: FocusEvent): void;
    onBlur(e: FocusEvent): void;
  };
  /** The tooltip itself: render it once, anywhere inside the container. */
  tooltip: ReactNode;
}

export function useDelegatedTooltip(): DelegatedTooltip {
  const [tip, setTip] = useState<{ el: HTMLElement; title: string } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const shown = useRef<HTMLElement | null>(null);
  // Focus that follows a press of the pointer (in the same task) is the pointer's, not the keyboard's.
  const pressed = useRef(false);
  const hide = useCallback(() => {
    clearTimeout(timer.current);
    shown.current = null;
    setTip(null);
  }, []);
  const show = useCallback((el: HTMLElement, delay: number) => {
    const title = el.dataset.tooltip;
    if (!title || shown.current === el) return;
    clearTimeout(timer.current);
    shown.current = el;
    timer.current = setTimeout(() => setTip({ el, title }), delay);
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);
  const containerProps = useMemo(
    () => ({
      onPointerOver: (e: PointerEvent) => {
        const el = tipOf(e);
        if (el) show(el, ENTER_DELAY_MS);
      },
      onPointerOut: (e: PointerEvent) => {
        const el = tipOf(e);
        if (el && !(e.relatedTarget instanceof Node && el.contains(e.relatedTarget))) hide();
      },
      // a click acts on the element (it may go away): the tooltip goes
      onPointerDown: () => {
        hide();
        pressed.current = true;
        setTimeout(() => {
          pressed.current = false;
        }, 0);
      },
      onFocus: (e: FocusEvent) => {
        const el = tipOf(e);
        if (el && !pressed.current && keyboardFocus(el)) show(el, 0);
      },
      onBlur: (e: FocusEvent) => {
        if (tipOf(e)) hide();
      },
    }),
    [show, hide],
  );
  const tooltip = (
    <Tooltip
      open={tip?.el.isConnected === true}
      title={tip?.title ?? ''}
      disableInteractive
      slotProps={{ popper: { anchorEl: tip?.el } }}
    >
      <span hidden />
    </Tooltip>
  );
  return { containerProps, tooltip };
}
