// Whether the page is being printed. The sale's print view draws every line of the sale (thousands of table rows on
// a big quote); kept mounted while hidden, it re-rendered with every edit and made most of an edit's cost. It is
// mounted only while printing: the browser's beforeprint event (window.print(), Ctrl+P) renders it synchronously
// before the page is laid out for paper, and the print media query covers print previews and emulated print media.
import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';

export function usePrinting(): boolean {
  const [printing, setPrinting] = useState(
    () => typeof window.matchMedia === 'function' && window.matchMedia('print').matches,
  );
  useEffect(() => {
    const set = (on: boolean) => flushSync(() => setPrinting(on));
    const before = () => set(true);
    const after = () => set(false);
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', after);
    const media = typeof window.matchMedia === 'function' ? window.matchMedia('print') : null;
    const change = (e: MediaQueryListEvent) => set(e.matches);
    media?.addEventListener('change', change);
    return () => {
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', after);
      media?.removeEventListener('change', change);
    };
  }, []);
  return printing;
}
