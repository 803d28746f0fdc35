import { useState, type FormEvent } from 'react';
import type { CannedResponse } from '@app/shared/canned-responses';
import { Button } from '../../../components/button.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { Modal } from '../../../components/modal.tsx';
import { TextareaField } from '../../../components/textarea-field.tsx';
import { useToast } from '../../../components/toast-provider.tsx';
import { readServerErrors } from '../../../lib/form-errors.ts';
import { t } from '../../../lib/i18n/i18n.ts';
import { useSaveCannedResponse } from '../api.ts';
import { cannedFormOf, cannedInputOf, SHORT_CODE_MAX, validateCanned, type CannedErrors, type CannedField, type CannedFormValues } from '../utils/canned-form.ts';
import { focusFirstInvalid } from '../../../lib/focus-first-invalid.ts';

const fieldLabels = (): Record<CannedField, string> => ({
  short_code: t('CANNED_MGMT.FORM.SHORT_CODE.LABEL'),
  content: t('CANNED_MGMT.FORM.CONTENT.LABEL'),
});

/** Create or edit a canned response: short code and message, checked on blur and on submit. */
export function CannedResponseDialog({ accountId, canned, onClose }: { accountId: number; canned: CannedResponse | null; onClose: () => void }) {
  const [values, setValues] = useState<CannedFormValues>(() => cannedFormOf(canned));
  const [errors, setErrors] = useState<CannedErrors>({});
  const save = useSaveCannedResponse(accountId);
  const toast = useToast();
  const editing = canned !== null;

  const change = (field: CannedField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const checkField = (field: CannedField) => setErrors((current) => ({ ...current, [field]: validateCanned(values)[field] }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const found = validateCanned(values);
    setErrors(found);
    if (Object.values(found).some(Boolean)) {
      focusFirstInvalid(() => form);
      return;
    }
    save.mutate(
      { id: canned?.id, input: cannedInputOf(values) },
      {
        onSuccess: () => {
          toast(t(editing ? 'CANNED_MGMT.EDIT.API.SUCCESS_MESSAGE' : 'CANNED_MGMT.ADD.API.SUCCESS_MESSAGE'), 'success');
          onClose();
        },
        onError: (error) => {
          const read = readServerErrors(error, fieldLabels(), t(editing ? 'CANNED_MGMT.EDIT.API.ERROR_MESSAGE' : 'CANNED_MGMT.ADD.API.ERROR_MESSAGE'));
          setErrors(read.fields);
          if (read.message) toast(read.message, 'error');
        },
      },
    );
  };

  return (
    <Modal show title={t(editing ? 'CANNED_MGMT.EDIT.TITLE' : 'CANNED_MGMT.ADD.TITLE')} description={t('CANNED_MGMT.ADD.DESC')} onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <FormField
          label={t('CANNED_MGMT.FORM.SHORT_CODE.LABEL')}
          name="short_code"
          autoComplete="off"
          maxLength={SHORT_CODE_MAX}
          placeholder={t('CANNED_MGMT.FORM.SHORT_CODE.PLACEHOLDER')}
          hint={t('CANNED_MGMT.FORM.SHORT_CODE.HINT')}
          value={values.short_code}
          onChange={(e) => change('short_code', e.target.value)}
          onBlur={() => checkField('short_code')}
          error={errors.short_code}
        />
        <TextareaField
          label={t('CANNED_MGMT.FORM.CONTENT.LABEL')}
          name="content"
          rows={6}
          placeholder={t('CANNED_MGMT.FORM.CONTENT.PLACEHOLDER')}
          hint={t('CANNED_MGMT.FORM.CONTENT.HINT')}
          value={values.content}
          onChange={(e) => change('content', e.target.value)}
          onBlur={() => checkField('content')}
          error={errors.content}
        />
        <div className="modal__actions">
          <Button onClick={onClose}>{t('CANNED_MGMT.CANCEL')}</Button>
          <Button type="submit" variant="primary" loading={save.isPending}>
            {t(editing ? 'CANNED_MGMT.EDIT.SUBMIT' : 'CANNED_MGMT.ADD.SUBMIT')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
