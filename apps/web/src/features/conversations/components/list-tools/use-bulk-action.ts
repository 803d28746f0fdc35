import './messages.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useToast } from '../../../../components/toast-provider.tsx';
import { ApiError } from '../../../../lib/api-client.ts';
import { t } from '../../../../lib/i18n/i18n.ts';
import { conversationKeys } from '../../api.ts';
import { postBulkAction, type BulkChange } from './list-tools-api.ts';

/** What a refused bulk action says: 404 (an id out of reach), 422 (per field), anything else. */
export function bulkErrorText(error: unknown): string {
  if (error instanceof ApiError && error.status === 404) return t('LIST_TOOLS.BULK.NOT_FOUND');
  if (error instanceof ApiError && error.status === 422) {
    const details = Object.entries(error.fieldErrors)
      .map(([field, messages]) => `${field.replace(/^fields\./, '').replace(/_/g, ' ')} ${messages[0] ?? ''}`.trim())
      .join('; ');
    return t('LIST_TOOLS.BULK.INVALID', { details: details || error.message });
  }
  return error instanceof ApiError && error.status !== 0 && error.status < 500 ? error.message : t('LIST_TOOLS.BULK.ERROR');
}

/**
 * POST bulk_actions for the selected rows. Nothing changes on screen before the server answers: then the lists,
 * counts and the changed conversations are fetched again (realtime events patch them as well), a toast says how
 * many changed and `onDone` clears the selection. A 404 refreshes the lists too, since a row is gone.
 */
export function useBulkAction(accountId: number, onDone: () => void) {
  const client = useQueryClient();
  const toast = useToast();
  const refresh = (ids: readonly number[] = []) =>
    Promise.all([
      client.invalidateQueries({ queryKey: conversationKeys.lists(accountId) }),
      client.invalidateQueries({ queryKey: conversationKeys.allCounts(accountId) }),
      ...ids.map((id) => client.invalidateQueries({ queryKey: conversationKeys.detail(accountId, id) })),
    ]);
  return useMutation({
    mutationFn: (change: BulkChange) => postBulkAction(accountId, change),
    onSuccess: async ({ payload }) => {
      const count = payload.count;
      toast(count === 0 ? t('LIST_TOOLS.BULK.DONE_NONE') : count === 1 ? t('LIST_TOOLS.BULK.DONE_ONE') : t('LIST_TOOLS.BULK.DONE', { count }), 'success');
      onDone();
      await refresh(payload.updated_ids);
    },
    onError: async (error) => {
      if (error instanceof ApiError && error.status === 404) await refresh();
    },
  });
}
