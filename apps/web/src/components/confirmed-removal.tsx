import type { ReactElement } from 'react';
import { useConfirmDialog } from './confirm-dialog.tsx';
import { useToast } from './toast-provider.tsx';

/** What removing one item says and does. */
export type Removal = {
  title: string;
  description?: string;
  confirmLabel: string;
  cancelLabel: string;
  /** Starts the removal (a mutation's `mutate` with these callbacks). */
  run: (callbacks: { onSuccess: () => void; onError: (cause: Error) => void }) => void;
  /** The toast once it is gone. */
  success: string;
  /** The toast when it failed, from the server's answer. */
  failure: (cause: Error) => string;
};

/**
 * The settings lists' delete flow: ask in a danger-toned dialog, then remove, then a toast either way.
 * `const { askRemove, dialog } = useConfirmedRemoval((label: Label) => ({ … }))`; render `dialog`.
 */
export function useConfirmedRemoval<T>(removalOf: (item: T) => Removal): { askRemove: (item: T) => Promise<void>; dialog: ReactElement } {
  const { confirm, dialog } = useConfirmDialog();
  const toast = useToast();
  const askRemove = async (item: T) => {
    const removal = removalOf(item);
    const yes = await confirm({ title: removal.title, description: removal.description, confirmLabel: removal.confirmLabel, cancelLabel: removal.cancelLabel, tone: 'danger' });
    if (!yes) return;
    removal.run({ onSuccess: () => toast(removal.success, 'success'), onError: (cause) => toast(removal.failure(cause), 'error') });
  };
  return { askRemove, dialog };
}
