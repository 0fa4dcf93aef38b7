// The sales list's grouping, sort and page size: read from the user's preferences (so a reload, or another browser,
// shows the list the same way) and saved on the server at each change, in order (a later choice never loses to an
// earlier save answering late).
import { type SalesListPreferences, salesListPreferences } from '@quotewright/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { userQueryKey } from '../../../app/providers/currentUser';
import { useSession } from '../../../app/providers/session';
import { useSnackbar } from '../../../app/providers/snackbar';
import type { User } from '../../../lib/types';
import { saveSalesListPreferences } from '../api/sales';

export const SETTINGS_NOT_SAVED = 'The list settings could not be saved';

export function useSalesListSettings(user: User) {
  const { userId } = useSession();
  const queryClient = useQueryClient();
  const snackbar = useSnackbar();
  const [settings, setSettings] = useState<SalesListPreferences>(() => salesListPreferences(user.preferences));
  const latest = useRef(settings);
  const queue = useRef<Promise<unknown>>(Promise.resolve());

  const update = useCallback(
    (change: Partial<SalesListPreferences>) => {
      const current = latest.current;
      const next = { ...current, ...change };
      const same = (Object.keys(next) as (keyof SalesListPreferences)[]).every((k) => next[k] === current[k]);
      if (same) return;
      latest.current = next;
      setSettings(next);
      if (!userId) return;
      queue.current = queue.current
        .then(() => saveSalesListPreferences(userId, next))
        .then(
          (updated) => {
            if (updated && typeof updated === 'object' && '_id' in updated)
              queryClient.setQueryData<User>(userQueryKey(userId), updated);
          },
          (err: unknown) => snackbar.showError(err, 'error', SETTINGS_NOT_SAVED),
        );
    },
    [userId, queryClient, snackbar],
  );
  return { settings, update };
}
