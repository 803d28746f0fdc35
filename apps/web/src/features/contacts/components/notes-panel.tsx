import { useId, useState, type FormEvent } from 'react';
import { CONTACT_NOTE_MAX_LENGTH, type ContactNote } from '@app/shared/contacts';
import { Button } from '../../../components/button.tsx';
import { useConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { TextareaField } from '../../../components/textarea-field.tsx';
import { useToast } from '../../../components/toast-provider.tsx';
import { readServerErrors } from '../../../lib/form-errors.ts';
import { t } from '../../../lib/i18n/i18n.ts';
import { useAddNote, useContactNotes, useDeleteNote } from '../api.ts';
import { formatDateTime } from '../utils/format.ts';

type NotesPanelProps = { accountId: number; contactId: number; userId: number; isAdministrator: boolean; canWrite: boolean };

/** The contact's notes, newest first (GET/POST/DELETE contacts/{id}/notes); the author or an administrator deletes one. */
export function NotesPanel({ accountId, contactId, userId, isAdministrator, canWrite }: NotesPanelProps) {
  const headingId = useId();
  const notes = useContactNotes(accountId, contactId);
  const add = useAddNote(accountId, contactId);
  const remove = useDeleteNote(accountId, contactId);
  const toast = useToast();
  const { confirm, dialog } = useConfirmDialog();
  const [content, setContent] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!content.trim()) return setError(t('CONTACTS.NOTES.REQUIRED'));
    add.mutate(content.trim(), {
      onSuccess: () => {
        setContent('');
        setError(null);
      },
      onError: (failure) => {
        const read = readServerErrors(failure, { content: t('CONTACTS.NOTES.LABEL') }, t('CONTACTS.NOTES.ADD_ERROR'));
        setError(read.fields.content ?? read.message);
      },
    });
  };
  const deleteNote = async (note: ContactNote) => {
    if (!(await confirm({ title: t('CONTACTS.NOTES.DELETE_TITLE'), description: note.content.slice(0, 140), tone: 'danger' }))) return;
    remove.mutate(note.id, { onError: () => toast(t('CONTACTS.NOTES.DELETE_ERROR'), 'error') });
  };

  return (
    <section className="contact-card" aria-labelledby={headingId}>
      <h2 id={headingId} className="contact-card__title">
        {t('CONTACTS.NOTES.TITLE')}
      </h2>
      {canWrite ? (
        <form className="contact-notes__form" onSubmit={submit} noValidate>
          <TextareaField
            label={t('CONTACTS.NOTES.LABEL')}
            placeholder={t('CONTACTS.NOTES.PLACEHOLDER')}
            value={content}
            onChange={(e) => (setContent(e.target.value), setError(null))}
            onKeyDown={(e) => {
              // Ctrl/Cmd+Enter adds the note from the keyboard.
              if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) submit(e);
            }}
            error={error ?? undefined}
            maxLength={CONTACT_NOTE_MAX_LENGTH}
            rows={3}
            dir="auto"
          />
          <Button type="submit" variant="primary" size="small" loading={add.isPending}>
            {t('CONTACTS.NOTES.ADD')}
          </Button>
        </form>
      ) : null}
      {notes.isPending ? (
        <p className="muted">{t('CONTACTS.PROFILE.LOADING')}</p>
      ) : notes.isError ? (
        <p className="contacts-alert" role="alert">
          {t('CONTACTS.NOTES.ERROR')}
        </p>
      ) : notes.data.length === 0 ? (
        <p className="muted">{t('CONTACTS.NOTES.EMPTY')}</p>
      ) : (
        <ul className="contact-notes" aria-label={t('CONTACTS.NOTES.TITLE')}>
          {notes.data.map((note) => (
            <li key={note.id} className="contact-notes__item">
              <p className="contact-notes__content" dir="auto">
                {note.content}
              </p>
              <div className="contact-notes__meta">
                <span className="muted">{t('CONTACTS.NOTES.BY', { name: note.user?.name ?? t('CONTACTS.NOTES.FORMER_MEMBER'), date: formatDateTime(note.created_at) })}</span>
                {canWrite && (isAdministrator || note.user?.id === userId) ? (
                  <Button size="small" variant="ghost" aria-label={t('CONTACTS.NOTES.DELETE')} onClick={() => void deleteNote(note)}>
                    {t('CONTACTS.NOTES.DELETE')}
                  </Button>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
      {dialog}
    </section>
  );
}
