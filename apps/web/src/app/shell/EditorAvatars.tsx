import { Avatar, AvatarGroup, Tooltip } from '@mui/material';
import { avatarStack, initials } from '../avatarStack';
import { useEditors } from '../providers/editors';

/** Editors of the open sale (SPEC §2): nothing below two editors, at most three avatars, then "+N". */
export function EditorAvatars() {
  const { editors } = useEditors();
  const { shown, overflow } = avatarStack(editors);
  if (shown.length === 0) return null;
  const others = editors.slice(shown.length).map((e) => e.name);
  return (
    <AvatarGroup
      data-testid="editor-avatars"
      aria-label="Editing now"
      sx={{ mr: 1, '& .MuiAvatar-root': { width: 32, height: 32, fontSize: 14 } }}
    >
      {shown.map((editor) => (
        <Tooltip key={editor.id} title={editor.name}>
          <Avatar alt={editor.name} data-testid="editor-avatar">
            {initials(editor.name)}
          </Avatar>
        </Tooltip>
      ))}
      {overflow > 0 && (
        <Tooltip title={others.join(', ')}>
          <Avatar data-testid="editor-overflow">+{overflow}</Avatar>
        </Tooltip>
      )}
    </AvatarGroup>
  );
}
