// Who else has a cell of this row open: the row is framed in their colour (the colour of their avatar among the
// sale's editors) with their name on a tag at its top left. Rendered by every row, it reads only its own line's
// presence (hooks/presence.ts): a cell opened elsewhere re-renders that row alone, and a row nobody is in renders
// nothing.
import { useTheme } from '@mui/material';
import { editorHue } from '../../../app/avatarStack';
import { type RowEditor, useRowEditors } from '../hooks/presence';

export function RowPresence({ line }: { line: string }) {
  const editors = useRowEditors(line);
  return editors.length === 0 ? null : <PresenceMarker editors={editors} />;
}

function PresenceMarker({ editors }: { editors: readonly RowEditor[] }) {
  const theme = useTheme();
  const first = editors[0]!;
  const fill = editorHue(first.id)[theme.palette.mode === 'dark' ? 200 : 800];
  const names = editors.map((e) => e.name).join(', ');
  return (
    <>
      <span
        aria-hidden="true"
        style={{
          position: 'absolute',
          inset: 0,
          border: `2px solid ${fill}`,
          pointerEvents: 'none',
          zIndex: 1,
        }}
      />
      <span
        data-testid="row-presence"
        title={`${names} ${editors.length > 1 ? 'are' : 'is'} editing this row`}
        style={{
          position: 'absolute',
          top: 0,
          left: 0,
          zIndex: 1,
          maxWidth: 160,
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          whiteSpace: 'nowrap',
          padding: '0 6px',
          fontSize: 11,
          lineHeight: '14px',
          fontWeight: 600,
          borderBottomRightRadius: 4,
          backgroundColor: fill,
          color: theme.palette.getContrastText(fill),
          pointerEvents: 'none',
        }}
      >
        {names}
      </span>
    </>
  );
}
