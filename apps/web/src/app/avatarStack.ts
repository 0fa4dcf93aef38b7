import { AVATAR_MAX, AVATAR_MIN } from '../lib/constants';
import type { Editor } from './providers/editors';

/** SPEC §2/§9: editors' avatars appear from AVATAR_MIN editors, at most AVATAR_MAX shown, the rest counted. */
export function avatarStack(editors: readonly Editor[]): { shown: Editor[]; overflow: number } {
  if (editors.length < AVATAR_MIN) return { shown: [], overflow: 0 };
  return { shown: editors.slice(0, AVATAR_MAX), overflow: Math.max(0, editors.length - AVATAR_MAX) };
}

export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return '?';
  const first = parts[0]!.charAt(0);
  const last = parts.length > 1 ? parts[parts.length - 1]!.charAt(0) : '';
  return (first + last).toUpperCase();
}
