import './messages.ts';
import { useMemo, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { FilterQuery } from '@app/shared/custom-filters';
import { Button } from '../../../../components/button.tsx';
import { checkRows, conversationFilterAttributes, emptyRow, FilterBuilder, fromFilterQuery, hasRowErrors, rowErrorsOf, toFilterQuery, type FilterRow, type RowErrors } from '../../../../components/filter-builder/index.ts';
import { FormField } from '../../../../components/form-field.tsx';
import { Modal } from '../../../../components/modal.tsx';
import { useToast } from '../../../../components/toast-provider.tsx';
import { ApiError } from '../../../../lib/api-client.ts';
import { t } from '../../../../lib/i18n/i18n.ts';
import type { ConversationPage, Folder } from '../../api.ts';
import { useInboxes, useLabels, useTeams } from '../../hooks/use-account-data.ts';
import { fetchFilterFirstPage, useAccountAgents, useConversationAttributes, useCreateFolder } from './list-tools-api.ts';

type FilterDialogProps = {
  accountId: number;
  /** The filter being edited (the one the list shows, or the open folder's saved query), if any. */
  initial: unknown;
  onClose: () => void;
  /** The filter passed the server: its first page comes along so the list shows it at once. */
  onApply: (query: FilterQuery, firstPage: ConversationPage) => void;
  onSaved: (folder: Folder) => void;
};

/**
 * The advanced filter of the conversation list in a dialog: Apply runs it (POST conversations/filter), Save as
 * folder stores it (POST custom_filters). A 422 shows at the row it names; nothing is applied or saved then.
 */
export function FilterDialog({ accountId, initial, onClose, onApply, onSaved }: FilterDialogProps) {
  const inboxes = useInboxes(accountId);
  const agents = useAccountAgents(accountId, true);
  const teams = useTeams(accountId);
  const labels = useLabels(accountId);
  const custom = useConversationAttributes(accountId, true);
  const attributes = useMemo(
    () => conversationFilterAttributes({ inboxes: inboxes.data, agents: agents.data, teams: teams.data, labels: labels.data, customAttributes: custom.data }),
    [inboxes.data, agents.data, teams.data, labels.data, custom.data],
  );
  const [rows, setRows] = useState<FilterRow[]>(() => {
    const saved = initial ? fromFilterQuery(initial) : [];
    return saved.length > 0 ? saved : [emptyRow(conversationFilterAttributes({})[0])];
  });
  const [errors, setErrors] = useState<RowErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | undefined>();
  const toast = useToast();

  const apply = useMutation({ mutationFn: (query: FilterQuery) => fetchFilterFirstPage(accountId, query) });
  const save = useCreateFolder(accountId);
  const busy = apply.isPending || save.isPending;

  const change = (next: FilterRow[]) => {
    setRows(next);
    setErrors({});
    setMessage(null);
  };
  /** The rows as a query, or null (with the reasons shown) when they cannot be sent. */
  const checked = (): FilterQuery | null => {
    if (rows.length === 0) {
      setMessage(t('LIST_TOOLS.FILTER.NEEDS_ROW'));
      return null;
    }
    const found = checkRows(rows, attributes);
    setErrors(found);
    setMessage(null);
    return hasRowErrors(found) ? null : toFilterQuery(rows);
  };
  const showServerErrors = (error: unknown, fallback: string) => {
    const read = rowErrorsOf(error);
    setErrors(read.rows);
    const nameMessage = error instanceof ApiError && error.status === 422 ? Object.entries(error.fieldErrors).find(([field]) => /(^|\.)name$/.test(field))?.[1][0] : undefined;
    if (nameMessage) setNameError(`${t('LIST_TOOLS.FOLDER.NAME')} ${nameMessage}`);
    setMessage(hasRowErrors(read.rows) || nameMessage ? null : (read.message ?? fallback));
  };

  const onApplyClick = () => {
    const query = checked();
    if (!query) return;
    apply.mutate(query, { onSuccess: (page) => onApply(query, page), onError: (error) => showServerErrors(error, t('LIST_TOOLS.FILTER.ERROR')) });
  };
  const onSave = () => {
    const query = checked();
    if (!name.trim()) setNameError(t('LIST_TOOLS.FOLDER.NAME_REQUIRED'));
    if (!query || !name.trim()) return;
    save.mutate(
      { name: name.trim(), query },
      {
        onSuccess: (folder) => {
          toast(t('LIST_TOOLS.FOLDER.SAVED', { name: folder.name }), 'success');
          onSaved(folder);
        },
        onError: (error) => showServerErrors(error, t('LIST_TOOLS.FOLDER.ERROR')),
      },
    );
  };

  return (
    <Modal show title={t('LIST_TOOLS.FILTER.TITLE')} description={t('LIST_TOOLS.FILTER.DESCRIPTION')} onClose={onClose}>
      <form
        className="cw-filter-dialog"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (naming) onSave();
          else onApplyClick();
        }}
      >
        {custom.isPending || inboxes.isPending ? <p className="cw-filter-dialog__note">{t('LIST_TOOLS.FILTER.LOADING')}</p> : null}
        <FilterBuilder attributes={attributes} rows={rows} onChange={change} errors={errors} />
        {naming ? (
          <FormField
            label={t('LIST_TOOLS.FOLDER.NAME')}
            placeholder={t('LIST_TOOLS.FOLDER.NAME_PLACEHOLDER')}
            value={name}
            maxLength={255}
            error={nameError}
            data-autofocus
            autoFocus
            onChange={(event) => {
              setName(event.target.value);
              setNameError(undefined);
            }}
          />
        ) : null}
        {message ? (
          <p className="cw-filter-dialog__error" role="alert">
            {message}
          </p>
        ) : null}
        <div className="modal__actions">
          <Button onClick={onClose}>{t('LIST_TOOLS.FILTER.CANCEL')}</Button>
          {naming ? (
            <Button type="submit" variant="primary" loading={save.isPending} disabled={busy}>
              {t('LIST_TOOLS.FOLDER.SUBMIT')}
            </Button>
          ) : (
            <>
              <Button onClick={() => setNaming(true)} disabled={busy}>
                {t('LIST_TOOLS.FOLDER.SAVE')}
              </Button>
              <Button type="submit" variant="primary" loading={apply.isPending} disabled={busy}>
                {t('LIST_TOOLS.FILTER.APPLY')}
              </Button>
            </>
          )}
        </div>
      </form>
    </Modal>
  );
}
