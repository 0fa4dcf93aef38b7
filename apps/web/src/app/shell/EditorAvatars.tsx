import { Avatar, AvatarGroup, Tooltip, useTheme } from '@mui/material';
import { grey } from '@mui/material/colors';
import { avatarStack, editorHue, initials } from '../avatarStack';
import { useEditors } from '../providers/editors';

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
            sx={fill(editorHue(editor.id)[dark ? 200 : 800])}
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
