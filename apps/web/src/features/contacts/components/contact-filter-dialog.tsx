import { useMemo, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContactList } from '@app/shared/contacts';
import type { CustomAttributeDefinition } from '@app/shared/custom-attributes';
import type { FilterQuery } from '@app/shared/custom-filters';
import { Button } from '../../../components/button.tsx';
import {
  checkRows,
  contactFilterAttributes,
  emptyRow,
  FilterBuilder,
  fromFilterQuery,
  hasRowErrors,
  rowErrorsOf,
  toFilterQuery,
  type FilterRow,
  type RowErrors,
} from '../../../components/filter-builder/index.ts';
import { Modal } from '../../../components/modal.tsx';
import { t } from '../../../lib/i18n/i18n.ts';
import { contactKeys, fetchContactPage } from '../api.ts';

type WireRows = FilterQuery['payload'];

type ContactFilterDialogProps = {
  accountId: number;
  /** The rows the list runs now (typed, or the segment's), if any. */
  rows: WireRows | null;
  labels: readonly { title: string }[];
  definitions: readonly CustomAttributeDefinition[];
  /** The filter passed the server (its first page is cached for the list), or null: cleared. */
  onApply: (rows: WireRows | null) => void;
  onClose: () => void;
};

/**
 * The contact filter in a dialog, on the shared advanced filter builder (components/filter-builder): standard
 * contact keys and contact custom attributes. Apply runs it (POST contacts/filter) before the list shows it, so a
 * 422 lands at the row it names and nothing is applied then.
 */
export function ContactFilterDialog({ accountId, rows: initial, labels, definitions, onApply, onClose }: ContactFilterDialogProps) {
  const client = useQueryClient();
  const attributes = useMemo(() => contactFilterAttributes({ labels, customAttributes: definitions }), [labels, definitions]);
  const [rows, setRows] = useState<FilterRow[]>(() => {
    const saved = initial ? fromFilterQuery({ payload: initial }) : [];
    return saved.length ? saved : [emptyRow(attributes[0])];
  });
  const [errors, setErrors] = useState<RowErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const run = useMutation({
    mutationFn: (payload: WireRows): Promise<ContactList> => fetchContactPage(accountId, { kind: 'filter', payload, page: 1 }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (rows.length === 0) return onApply(null);
    const checked = checkRows(rows, attributes);
    setErrors(checked);
    setMessage(null);
    if (hasRowErrors(checked)) return;
    const { payload } = toFilterQuery(rows);
    run.mutate(payload, {
      onSuccess: (page) => {
        client.setQueryData(contactKeys.list(accountId, { kind: 'filter', payload, page: 1 }), page);
        onApply(payload);
      },
      onError: (error) => {
        const read = rowErrorsOf(error);
        setErrors(read.rows);
        setMessage(read.message);
      },
    });
  };

  return (
    <Modal show title={t('CONTACTS.FILTER.TITLE')} description={t('CONTACTS.FILTER.DESCRIPTION')} onClose={onClose} fullWidth={false}>
      <form className="contacts-filter" onSubmit={submit} noValidate>
        {message ? (
          <p className="contacts-alert" role="alert">
            {message}
          </p>
        ) : null}
        <FilterBuilder attributes={attributes} rows={rows} onChange={(next) => (setRows(next), setErrors({}))} errors={errors} label={t('CONTACTS.FILTER.TITLE')} />
        <div className="modal__actions">
          {initial ? (
            <Button variant="ghost" onClick={() => onApply(null)}>
              {t('CONTACTS.FILTER.CLEAR')}
            </Button>
          ) : null}
          <Button onClick={onClose}>{t('CONTACTS.FILTER.CANCEL')}</Button>
          <Button type="submit" variant="primary" loading={run.isPending}>
            {t('CONTACTS.FILTER.APPLY')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
