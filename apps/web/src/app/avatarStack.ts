import { brown, deepOrange, green, indigo, pink, purple, teal } from '@mui/material/colors';
import { AVATAR_MAX, visibleAvatars } from '@quotewright/domain';
import type { Editor } from './providers/editors';

/** One colour per editor (the same on every screen: the editors' avatars, the rows they are in). */
const HUES = [indigo, teal, purple, deepOrange, pink, green, brown];

/** The editor's hue: a deep shade (800) on the light theme, a pale one (200) on the dark. */
export function editorHue(id: string) {
  let sum = 0;
  for (const ch of id) sum = (sum * 31 + ch.charCodeAt(0)) % 9973;
  return HUES[sum % HUES.length]!;
}

/** Editors' avatars appear from two editors, at most AVATAR_MAX shown, the rest counted as "+N". */
export function avatarStack(editors: readonly Editor[]): { shown: Editor[]; overflow: number } {
  const shown = visibleAvatars(editors);
  return { shown, overflow: shown.length === 0 ? 0 : Math.max(0, editors.length - AVATAR_MAX) };
}

export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return '?';
  const first = parts[0]!.charAt(0);
  const last = parts.length > 1 ? parts[parts.length - 1]!.charAt(0) : '';
  return (first + last).toUpperCase();
}
