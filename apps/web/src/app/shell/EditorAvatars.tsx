import { Avatar, AvatarGroup, Tooltip } from '@mui/material';
import { avatarStack, initials } from '../avatarStack';
import { useEditors } from '../providers/editors';

/**
 * Editors of the open sale (SPEC §2): nothing below two editors, at most three avatars, then "+N"; one tooltip
 * lists everyone, in the order they joined.
 */
export function EditorAvatars() {
  const { editors } = useEditors();
  const { shown, overflow } = avatarStack(editors);
  if (shown.length === 0) return null;
  const everyone = `Editing now: ${editors.map((e) => e.name).join(', ')}`;
  return (
    <Tooltip title={everyone}>
      <AvatarGroup
        data-testid="editor-avatars"
        aria-label={everyone}
        sx={{ mr: 1, '& .MuiAvatar-root': { width: 32, height: 32, fontSize: 14 } }}
      >
        {shown.map((editor) => (
          <Avatar key={editor.id} alt={editor.name} data-testid="editor-avatar">
            {initials(editor.name)}
          </Avatar>
        ))}
        {overflow > 0 && <Avatar data-testid="editor-overflow">+{overflow}</Avatar>}
      </AvatarGroup>
    </Tooltip>
  );
}
