// The signed-in user (GET /api/users/{id}), loaded at start and shared by the shell and every screen.
import { usersApi } from '@quotewright/contracts';
import { defaultPreferences, type Preferences } from '@quotewright/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { call } from '../../lib/api';
import type { PreferenceKey, User } from '../../lib/types';
import { useSession } from './session';

export const userQueryKey = (id: string | null) => ['user', id] as const;

export function useCurrentUser() {
  const { userId } = useSession();
  return useQuery({
    queryKey: userQueryKey(userId),
    queryFn: ({ signal }) => call(usersApi.get, { params: { id: userId! } }, { signal }),
    enabled: userId !== null,
    staleTime: 60_000,
  });
}

const PREFERENCE_ROUTE = {
  darkMode: usersApi.darkMode,
  wideScreen: usersApi.wideScreen,
  discreteMode: usersApi.discreteMode,
} satisfies Record<PreferenceKey, unknown>;

const LAST_THEME_KEY = 'qw.darkMode';

/** The theme to use before a user is known (the login screen): the last signed-in user's choice. */
export function lastDarkMode(): boolean {
  try {
    const v = window.localStorage.getItem(LAST_THEME_KEY);
    return v === null ? defaultPreferences().darkMode : v === 'true';
  } catch {
    return defaultPreferences().darkMode;
  }
}

function rememberDarkMode(value: boolean) {
  try {
    window.localStorage.setItem(LAST_THEME_KEY, String(value));
  } catch {
    // storage unavailable: the login screen falls back to the default theme
  }
}

export interface PreferencesApi {
  preferences: Preferences;
  /** True once the user's stored preferences are known (before that the defaults are shown). */
  loaded: boolean;
  setPreference(key: PreferenceKey, value: boolean): Promise<void>;
}

/** Display preferences, persisted per user through the API (optimistically applied, rolled back on failure). */
export function usePreferences(): PreferencesApi {
  const { userId } = useSession();
  const queryClient = useQueryClient();
  const { data: user } = useCurrentUser();
  // Until the user's own preferences arrive, the last known theme avoids a dark/light flash on reload.
  const preferences: Preferences = user?.preferences ?? { ...defaultPreferences(), darkMode: lastDarkMode() };
  const storedDark = user?.preferences.darkMode;
  useEffect(() => {
    if (storedDark !== undefined) rememberDarkMode(storedDark);
  }, [storedDark]);

  const mutation = useMutation({
    mutationFn: ({ key, value }: { key: PreferenceKey; value: boolean }) =>
      call(PREFERENCE_ROUTE[key], { params: { id: userId!, value: value ? 'true' : 'false' } }),
    onMutate: async ({ key, value }) => {
      const queryKey = userQueryKey(userId);
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData<User>(queryKey);
      if (previous) {
        queryClient.setQueryData<User>(queryKey, {
          ...previous,
          preferences: { ...previous.preferences, [key]: value },
        });
      }
      return { previous };
    },
    onError: (_err, _vars, context) => {
      if (context?.previous) queryClient.setQueryData(userQueryKey(userId), context.previous);
    },
    onSuccess: (updated) => {
      if (updated && typeof updated === 'object' && '_id' in updated) {
        queryClient.setQueryData(userQueryKey(userId), updated);
      }
    },
  });

  const { mutateAsync } = mutation;
  const setPreference = useCallback(
    async (key: PreferenceKey, value: boolean) => {
      await mutateAsync({ key, value });
    },
    [mutateAsync],
  );
  return { preferences, loaded: user !== undefined, setPreference };
}
