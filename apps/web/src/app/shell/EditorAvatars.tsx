import { Avatar, AvatarGroup, Tooltip, useTheme } from '@mui/material';
import { brown, deepOrange, green, grey, indigo, pink, purple, teal } from '@mui/material/colors';
import { avatarStack, initials } from '../avatarStack';
import { useEditors } from '../providers/editors';

/** One colour per editor (the same on every screen); a deep shade on the light theme, a pale one on the dark. */
const HUES = [indigo, teal, purple, deepOrange, pink, green, brown];

function hueOf(id: string) {
  let sum = 0;
  for (const ch of id) sum = (sum * 31 + ch.charCodeAt(0)) % 9973;
  return HUES[sum % HUES.length]!;
}

/**
 * Editors of the open sale: nothing below two editors, at most three avatars, then "+N"; one tooltip lists
 * everyone, in the order they joined. The initials' colour is picked for contrast with the avatar's fill.
 */
export function EditorAvatars() {
  const theme = useTheme();
  const { editors } = useEditors();
  const { shown, overflow } = avatarStack(editors);
  if (shown.length === 0) return null;
  const dark = theme.palette.mode === 'dark';
  const fill = (bg: string) => ({ bgcolor: bg, color: theme.palette.getContrastText(bg) });
  const everyone = `Editing now: ${editors.map((e) => e.name).join(', ')}`;
  return (
    <Tooltip title={everyone}>
      <AvatarGroup
        data-testid="editor-avatars"
        aria-label={everyone}
        sx={{ mr: 1, '& .MuiAvatar-root': { width: 32, height: 32, fontSize: 14 } }}
      >
        {shown.map((editor) => (
          <Avatar
            key={editor.id}
            alt={editor.name}
            data-testid="editor-avatar"
            sx={fill(hueOf(editor.id)[dark ? 200 : 800])}
          >
            {initials(editor.name)}
          </Avatar>
        ))}
        {overflow > 0 && (
          <Avatar data-testid="editor-overflow" sx={fill(dark ? grey[300] : grey[700])}>
            +{overflow}
          </Avatar>
        )}
      </AvatarGroup>
    </Tooltip>
  );
}
