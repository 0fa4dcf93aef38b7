// "Skip to content": the page's first tab stop, shown when focused (WCAG 2.4.1, bypass blocks). It skips the top
// bar, the navigation and whatever a screen puts before its main part: a screen marks that part with
// data-skip-target (the sale editor: its lines grid), else the link goes to the start of <main>.
import { Box } from '@mui/material';

export const MAIN_CONTENT_ID = 'main-content';

/** Focuses the screen's main part: its own tab stop when it has one (a grid's active cell), else the part itself. */
export function skipToContent(): void {
  const part = document.querySelector<HTMLElement>('[data-skip-target]');
  // a part with a roving tab stop (a grid): its active cell
  const stop = part?.querySelector<HTMLElement>('[tabindex="0"]');
  const target = stop ?? part ?? document.getElementById(MAIN_CONTENT_ID);
  if (!target) return;
  if (target.tabIndex < 0 && !target.hasAttribute('tabindex')) target.tabIndex = -1;
  target.focus();
}

export function SkipLink() {
  return (
    <Box
      component="a"
      href={`#${MAIN_CONTENT_ID}`}
      onClick={(e) => {
        e.preventDefault();
        skipToContent();
      }}
      sx={(theme) => ({
        position: 'fixed',
        left: 8,
        top: 8,
        zIndex: theme.zIndex.appBar + 2,
        px: 2,
        py: 1,
        borderRadius: 1,
        bgcolor: 'background.paper',
        color: 'text.primary',
        boxShadow: 4,
        textDecoration: 'underline',
        // out of sight until focused
        transform: 'translateY(-200%)',
        '&:focus': { transform: 'none', outline: `2px solid ${theme.palette.primary.main}` },
        displayPrint: 'none',
      })}
    >
      Skip to content
    </Box>
  );
}
