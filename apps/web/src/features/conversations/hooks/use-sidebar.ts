import { useCallback, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '@app/shared/users';
import { useToast } from '../../../components/toast-provider.tsx';
import { api } from '../../../lib/api-client.ts';
import { t } from '../../../lib/i18n/i18n.ts';
import { sessionKeys } from '../../auth/index.ts';
import { normalizeOrder, type SidebarItem } from '../utils/sidebar-order.ts';

/**
 * The panel order from the user's ui_settings (000 section 3), saved back with PUT /api/v1/profile. The
 * session's cached user changes at once; a failed save puts the old order back.
 */
export function useSidebarOrder(user: CurrentUser) {
  const client = useQueryClient();
  const toast = useToast();
  const order = normalizeOrder(user.ui_settings.conversation_sidebar_items_order);
  const save = useMutation({
    mutationFn: (next: SidebarItem[]) =>
      api('/api/v1/profile', { method: 'PUT', body: { profile: { ui_settings: { conversation_sidebar_items_order: next } } }, schema: () => import('@app/shared/users').then((m) => m.CurrentUserSchema) }),
    onMutate: (next) => {
      const previous = client.getQueryData<CurrentUser>(sessionKeys.currentUser());
      if (previous) client.setQueryData<CurrentUser>(sessionKeys.currentUser(), { ...previous, ui_settings: { ...previous.ui_settings, conversation_sidebar_items_order: next } });
      return previous;
    },
    onSuccess: (saved) => client.setQueryData(sessionKeys.currentUser(), saved),
    onError: (_error, _next, previous) => {
      if (previous) client.setQueryData(sessionKeys.currentUser(), previous);
      toast(t('CONVERSATION.SIDEBAR.ORDER_ERROR'), 'error');
    },
  });
  return { order, setOrder: save.mutate };
}

const OPEN_KEY = 'relay:conversation-sidebar-open';

/** Whether the details column is shown; the agent's choice is remembered on this device. */
export function useSidebarOpen() {
  const [open, setOpen] = useState(() => {
    try {
      return localStorage.getItem(OPEN_KEY) !== 'false';
    } catch {
      return true;
    }
  });
  const toggle = useCallback(
    () =>
      setOpen((value) => {
        try {
          localStorage.setItem(OPEN_KEY, String(!value));
        } catch {
          // storage unavailable: the choice lasts for this visit
        }
        return !value;
      }),
    [],
  );
  return [open, toggle] as const;
}
