import { useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { Modal } from '../../../components/modal.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { isEmail } from '../../../lib/email.ts';
import { t } from '../../../lib/i18n/i18n.ts';
import type { useConversationActions } from '../hooks/use-conversation-actions.ts';

type TranscriptDialogProps = {
  show: boolean;
  defaultEmail: string;
  onClose: () => void;
  send: ReturnType<typeof useConversationActions>['sendTranscript'];
};

/** POST transcript (001 section 7): the conversation's public messages mailed to an address. */
export function TranscriptDialog({ show, defaultEmail, onClose, send }: TranscriptDialogProps) {
  const [email, setEmail] = useState(defaultEmail);
  const [error, setError] = useState<string | undefined>();
  const failure = send.error instanceof ApiError ? send.error.message : send.isError ? t('CONVERSATION.TRANSCRIPT.ERROR') : null;
  return (
    <Modal show={show} title={t('CONVERSATION.TRANSCRIPT.TITLE')} description={t('CONVERSATION.TRANSCRIPT.DESC')} onClose={onClose}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          // @app/shared's TranscriptBodySchema without zod (the workspace's chunk ships none): lib/email.ts.
          if (!isEmail(email)) {
            setError(t('CONVERSATION.TRANSCRIPT.INVALID'));
            return;
          }
          send.mutate(email.trim(), { onSuccess: onClose });
        }}
      >
        <FormField
          label={t('CONVERSATION.TRANSCRIPT.EMAIL')}
          type="email"
          autoComplete="email"
          value={email}
          error={error}
          onChange={(event) => {
            setEmail(event.target.value);
            setError(undefined);
          }}
        />
        {failure ? (
          <p className="notice notice--error" role="alert">
            {failure}
          </p>
        ) : null}
        <div className="modal__actions">
          <Button onClick={onClose}>{t('CONVERSATION.CANCEL')}</Button>
          <Button type="submit" variant="primary" loading={send.isPending}>
            {t('CONVERSATION.TRANSCRIPT.SUBMIT')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
