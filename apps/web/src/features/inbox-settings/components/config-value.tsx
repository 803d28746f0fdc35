import { useId } from 'react';
import { Button } from '../../../components/button.tsx';
import { useToast } from '../../../components/toast-provider.tsx';
import { copyText } from '../../../lib/clipboard.ts';
import { t } from '../../../lib/i18n/i18n.ts';

/** A read-only value to copy (an identifier, a token): its label, the value in monospace and a copy button. */
export function ConfigValue({ label, value }: { label: string; value: string }) {
  const id = useId();
  const toast = useToast();
  const copy = async () => {
    if (await copyText(value)) toast(t('INBOX_MGMT.CONFIGURATION.COPIED'), 'success');
    else toast(t('INBOX_MGMT.CONFIGURATION.COPY_FAILED'), 'error');
  };
  return (
    <div className="inbox-config-value">
      <span className="inbox-config-value__label" id={id}>
        {label}
      </span>
      <div className="inbox-config-value__row">
        <code aria-labelledby={id}>{value}</code>
        <Button size="small" onClick={() => void copy()} aria-label={`${t('INBOX_MGMT.CONFIGURATION.COPY')} ${label}`}>
          {t('INBOX_MGMT.CONFIGURATION.COPY')}
        </Button>
      </div>
    </div>
  );
}
