import { useState, type FormEvent } from 'react';
import type { Label } from '@app/shared/labels';
import { Button } from '../../../components/button.tsx';
import { ColourPicker } from '../../../components/colour-picker.tsx';
import { FieldMessages, FormField } from '../../../components/form-field.tsx';
import { Modal } from '../../../components/modal.tsx';
import { TextareaField } from '../../../components/textarea-field.tsx';
import { Toggle } from '../../../components/toggle.tsx';
import { useToast } from '../../../components/toast-provider.tsx';
import { readServerErrors } from '../../../lib/form-errors.ts';
import { t } from '../../../lib/i18n/i18n.ts';
import { useSaveLabel } from '../api.ts';
import { emptyLabelForm, LABEL_TITLE_MAX, labelFormOf, labelInputOf, validateLabel, type LabelErrors, type LabelField, type LabelFormValues } from '../utils/label-form.ts';
import { focusFirstInvalid } from '../../../lib/focus-first-invalid.ts';

type LabelDialogProps = {
  accountId: number;
  /** The label to edit; none to create one. */
  label: Label | null;
  onClose: () => void;
};

const fieldLabels = (): Record<LabelField, string> => ({
  title: t('LABEL_MGMT.FORM.NAME.LABEL'),
  description: t('LABEL_MGMT.FORM.DESCRIPTION.LABEL'),
  color: t('LABEL_MGMT.FORM.COLOR.LABEL'),
});

/**
 * Create or edit a label in a dialog: name, description, colour (the colour picker) and "show on sidebar".
 * Fields are checked when they lose focus and on submit; the server's 422 lands under its field.
 */
export function LabelDialog({ accountId, label, onClose }: LabelDialogProps) {
  const [values, setValues] = useState<LabelFormValues>(() => (label ? labelFormOf(label) : emptyLabelForm()));
  const [errors, setErrors] = useState<LabelErrors>({});
  const save = useSaveLabel(accountId);
  const toast = useToast();
  const editing = label !== null;

  const change = <K extends keyof LabelFormValues>(field: K, value: LabelFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (field !== 'show_on_sidebar') setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const checkField = (field: LabelField) => setErrors((current) => ({ ...current, [field]: validateLabel(values)[field] }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const found = validateLabel(values);
    setErrors(found);
    if (Object.values(found).some(Boolean)) {
      focusFirstInvalid(() => form);
      return;
    }
    save.mutate(
      { id: label?.id, input: labelInputOf(values) },
      {
        onSuccess: () => {
          toast(t(editing ? 'LABEL_MGMT.EDIT.API.SUCCESS_MESSAGE' : 'LABEL_MGMT.ADD.API.SUCCESS_MESSAGE'), 'success');
          onClose();
        },
        onError: (error) => {
          const read = readServerErrors(error, fieldLabels(), t(editing ? 'LABEL_MGMT.EDIT.API.ERROR_MESSAGE' : 'LABEL_MGMT.ADD.API.ERROR_MESSAGE'));
          setErrors(read.fields);
          if (read.message) toast(read.message, 'error');
        },
      },
    );
  };

  return (
    <Modal show title={t(editing ? 'LABEL_MGMT.EDIT.TITLE' : 'LABEL_MGMT.ADD.TITLE')} description={t('LABEL_MGMT.ADD.DESC')} onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <FormField
          label={t('LABEL_MGMT.FORM.NAME.LABEL')}
          name="title"
          autoComplete="off"
          maxLength={LABEL_TITLE_MAX}
          placeholder={t('LABEL_MGMT.FORM.NAME.PLACEHOLDER')}
          hint={t('LABEL_MGMT.FORM.NAME.HINT')}
          value={values.title}
          onChange={(e) => change('title', e.target.value)}
          onBlur={() => checkField('title')}
          error={errors.title}
        />
        <TextareaField
          label={t('LABEL_MGMT.FORM.DESCRIPTION.LABEL')}
          name="description"
          rows={3}
          placeholder={t('LABEL_MGMT.FORM.DESCRIPTION.PLACEHOLDER')}
          value={values.description}
          onChange={(e) => change('description', e.target.value)}
          onBlur={() => checkField('description')}
          error={errors.description}
        />
        <div className={`field${errors.color ? ' field--error' : ''}`}>
          <ColourPicker label={t('LABEL_MGMT.FORM.COLOR.LABEL')} id="label-colour" value={values.color} onChange={(hex) => change('color', hex)} />
          <FieldMessages id="label-colour" error={errors.color} />
        </div>
        <Toggle
          label={t('LABEL_MGMT.FORM.SHOW_ON_SIDEBAR.LABEL')}
          description={t('LABEL_MGMT.FORM.SHOW_ON_SIDEBAR.DESCRIPTION')}
          checked={values.show_on_sidebar}
          onChange={(checked) => change('show_on_sidebar', checked)}
        />
        <div className="modal__actions">
          <Button onClick={onClose}>{t('LABEL_MGMT.CANCEL')}</Button>
          <Button type="submit" variant="primary" loading={save.isPending}>
            {t(editing ? 'LABEL_MGMT.EDIT.SUBMIT' : 'LABEL_MGMT.ADD.SUBMIT')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
