import { AVATAR_MAX, visibleAvatars } from '@quotewright/domain';
import type { Editor } from './providers/editors';

/** SPEC §2/§9: editors' avatars appear from two editors, at most AVATAR_MAX shown, the rest counted as "+N". */
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
