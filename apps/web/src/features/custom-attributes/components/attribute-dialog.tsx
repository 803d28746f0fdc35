import { useId, useState, type FormEvent } from 'react';
import { ATTRIBUTE_MODELS, type AttributeDisplayType, type AttributeModel } from '@app/shared/constants';
import type { CustomAttributeDefinition } from '@app/shared/custom-attributes';
import { Button } from '../../../components/button.tsx';
import { describedByOf, FieldMessages, FormField } from '../../../components/form-field.tsx';
import { Modal } from '../../../components/modal.tsx';
import { TextareaField } from '../../../components/textarea-field.tsx';
import { Toggle } from '../../../components/toggle.tsx';
import { useToast } from '../../../components/toast-provider.tsx';
import { readServerErrors } from '../../../lib/form-errors.ts';
import { t, type MessageKey } from '../../../lib/i18n/i18n.ts';
import { useSaveAttribute } from '../api.ts';
import {
  attributeFormOf,
  attributeInputOf,
  emptyAttributeForm,
  KEY_MAX,
  keyFromName,
  NAME_MAX,
  OFFERED_TYPES,
  validateAttribute,
  type AttributeErrors,
  type AttributeField,
  type AttributeFormValues,
} from '../utils/attribute-form.ts';
import { ListValuesField } from './list-values-field.tsx';
import { focusFirstInvalid } from '../../../lib/focus-first-invalid.ts';

export const typeLabel = (type: AttributeDisplayType) => t(`ATTRIBUTES_MGMT.TYPES.${type}` as MessageKey);
export const modelLabel = (model: AttributeModel) => t(model === 'contact_attribute' ? 'ATTRIBUTES_MGMT.TABS.CONTACT' : 'ATTRIBUTES_MGMT.TABS.CONVERSATION');

const fieldLabels = (): Record<AttributeField, string> => ({
  attribute_display_name: t('ATTRIBUTES_MGMT.FORM.NAME.LABEL'),
  attribute_key: t('ATTRIBUTES_MGMT.FORM.KEY.LABEL'),
  attribute_description: t('ATTRIBUTES_MGMT.FORM.DESCRIPTION.LABEL'),
  attribute_display_type: t('ATTRIBUTES_MGMT.FORM.TYPE.LABEL'),
  attribute_values: t('ATTRIBUTES_MGMT.FORM.VALUES.LABEL'),
  regex_pattern: t('ATTRIBUTES_MGMT.FORM.REGEX_PATTERN.LABEL'),
  regex_cue: t('ATTRIBUTES_MGMT.FORM.REGEX_CUE.LABEL'),
});

type AttributeDialogProps = {
  accountId: number;
  /** The definition to edit; none to create one for `model`. */
  definition: CustomAttributeDefinition | null;
  model: AttributeModel;
  onClose: () => void;
};

/**
 * Create or edit a custom attribute: what it applies to, display name, key (filled in from the name until typed
 * by hand; fixed once created), description, type, the values of a list, and a pattern with its cue for text.
 */
export function AttributeDialog({ accountId, definition, model, onClose }: AttributeDialogProps) {
  const [values, setValues] = useState<AttributeFormValues>(() => (definition ? attributeFormOf(definition) : emptyAttributeForm(model)));
  const [errors, setErrors] = useState<AttributeErrors>({});
  const save = useSaveAttribute(accountId);
  const toast = useToast();
  const modelId = useId();
  const typeId = useId();
  const editing = definition !== null;

  const update = (changes: Partial<AttributeFormValues>, cleared: AttributeField[]) => {
    setValues((current) => ({ ...current, ...changes }));
    setErrors((current) => ({ ...current, ...Object.fromEntries(cleared.map((field) => [field, undefined])) }));
  };
  const checkField = (field: AttributeField) => setErrors((current) => ({ ...current, [field]: validateAttribute(values)[field] }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const found = validateAttribute(values);
    setErrors(found);
    if (Object.values(found).some(Boolean)) {
      focusFirstInvalid(() => form);
      return;
    }
    save.mutate(
      { id: definition?.id, input: attributeInputOf(values) },
      {
        onSuccess: () => {
          toast(t(editing ? 'ATTRIBUTES_MGMT.EDIT.API.SUCCESS_MESSAGE' : 'ATTRIBUTES_MGMT.ADD.API.SUCCESS_MESSAGE'), 'success');
          onClose();
        },
        onError: (error) => {
          const read = readServerErrors(error, fieldLabels(), t(editing ? 'ATTRIBUTES_MGMT.EDIT.API.ERROR_MESSAGE' : 'ATTRIBUTES_MGMT.ADD.API.ERROR_MESSAGE'));
          setErrors(read.fields);
          if (read.message) toast(read.message, 'error');
        },
      },
    );
  };

  const types: readonly AttributeDisplayType[] = (OFFERED_TYPES as readonly AttributeDisplayType[]).includes(values.attribute_display_type)
    ? OFFERED_TYPES
    : [...OFFERED_TYPES, values.attribute_display_type];

  return (
    <Modal show title={t(editing ? 'ATTRIBUTES_MGMT.EDIT.TITLE' : 'ATTRIBUTES_MGMT.ADD.TITLE')} description={t('ATTRIBUTES_MGMT.ADD.DESC')} onClose={onClose}>
      <form onSubmit={submit} noValidate className="attribute-form">
        <div className="attribute-form__row">
          <div className="field">
            <label htmlFor={modelId}>{t('ATTRIBUTES_MGMT.FORM.MODEL.LABEL')}</label>
            <select
              id={modelId}
              value={values.attribute_model}
              disabled={editing}
              onChange={(e) => update({ attribute_model: e.target.value as AttributeModel }, ['attribute_key'])}
            >
              {ATTRIBUTE_MODELS.map((option) => (
                <option key={option} value={option}>
                  {modelLabel(option)}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={typeId}>{t('ATTRIBUTES_MGMT.FORM.TYPE.LABEL')}</label>
            <select
              id={typeId}
              value={values.attribute_display_type}
              aria-invalid={errors.attribute_display_type ? true : undefined}
              aria-describedby={describedByOf({ id: typeId, error: errors.attribute_display_type })}
              onChange={(e) => update({ attribute_display_type: e.target.value as AttributeDisplayType }, ['attribute_display_type', 'attribute_values', 'regex_pattern'])}
            >
              {types.map((type) => (
                <option key={type} value={type}>
                  {typeLabel(type)}
                </option>
              ))}
            </select>
            <FieldMessages id={typeId} error={errors.attribute_display_type} />
          </div>
        </div>
        <FormField
          label={t('ATTRIBUTES_MGMT.FORM.NAME.LABEL')}
          name="attribute_display_name"
          data-autofocus
          autoComplete="off"
          maxLength={NAME_MAX}
          placeholder={t('ATTRIBUTES_MGMT.FORM.NAME.PLACEHOLDER')}
          value={values.attribute_display_name}
          onChange={(e) => {
            const name = e.target.value;
            const derived = !editing && !values.keyEdited;
            update({ attribute_display_name: name, ...(derived ? { attribute_key: keyFromName(name) } : {}) }, derived ? ['attribute_display_name', 'attribute_key'] : ['attribute_display_name']);
          }}
          onBlur={() => checkField('attribute_display_name')}
          error={errors.attribute_display_name}
        />
        <FormField
          label={t('ATTRIBUTES_MGMT.FORM.KEY.LABEL')}
          name="attribute_key"
          autoComplete="off"
          spellCheck={false}
          maxLength={KEY_MAX}
          readOnly={editing}
          placeholder={t('ATTRIBUTES_MGMT.FORM.KEY.PLACEHOLDER')}
          hint={t(editing ? 'ATTRIBUTES_MGMT.FORM.KEY.LOCKED' : 'ATTRIBUTES_MGMT.FORM.KEY.HINT')}
          value={values.attribute_key}
          onChange={(e) => update({ attribute_key: e.target.value, keyEdited: true }, ['attribute_key'])}
          onBlur={() => !editing && checkField('attribute_key')}
          error={errors.attribute_key}
        />
        <TextareaField
          label={t('ATTRIBUTES_MGMT.FORM.DESCRIPTION.LABEL')}
          name="attribute_description"
          rows={2}
          placeholder={t('ATTRIBUTES_MGMT.FORM.DESCRIPTION.PLACEHOLDER')}
          value={values.attribute_description}
          onChange={(e) => update({ attribute_description: e.target.value }, ['attribute_description'])}
          onBlur={() => checkField('attribute_description')}
          error={errors.attribute_description}
        />
        {values.attribute_display_type === 'list' ? (
          <ListValuesField values={values.attribute_values} onChange={(list) => update({ attribute_values: list }, ['attribute_values'])} error={errors.attribute_values} />
        ) : null}
        {values.attribute_display_type === 'text' ? (
          <>
            <Toggle
              label={t('ATTRIBUTES_MGMT.FORM.ENABLE_REGEX.LABEL')}
              description={t('ATTRIBUTES_MGMT.FORM.ENABLE_REGEX.DESCRIPTION')}
              checked={values.regex_enabled}
              onChange={(checked) => update({ regex_enabled: checked }, ['regex_pattern'])}
            />
            {values.regex_enabled ? (
              <div className="attribute-form__regex">
                <FormField
                  label={t('ATTRIBUTES_MGMT.FORM.REGEX_PATTERN.LABEL')}
                  name="regex_pattern"
                  autoComplete="off"
                  spellCheck={false}
                  maxLength={1000}
                  placeholder={t('ATTRIBUTES_MGMT.FORM.REGEX_PATTERN.PLACEHOLDER')}
                  value={values.regex_pattern}
                  onChange={(e) => update({ regex_pattern: e.target.value }, ['regex_pattern'])}
                  onBlur={() => checkField('regex_pattern')}
                  error={errors.regex_pattern}
                />
                <FormField
                  label={t('ATTRIBUTES_MGMT.FORM.REGEX_CUE.LABEL')}
                  name="regex_cue"
                  autoComplete="off"
                  maxLength={1000}
                  placeholder={t('ATTRIBUTES_MGMT.FORM.REGEX_CUE.PLACEHOLDER')}
                  value={values.regex_cue}
                  onChange={(e) => update({ regex_cue: e.target.value }, ['regex_cue'])}
                  error={errors.regex_cue}
                />
              </div>
            ) : null}
          </>
        ) : null}
        <div className="modal__actions">
          <Button onClick={onClose}>{t('ATTRIBUTES_MGMT.CANCEL')}</Button>
          <Button type="submit" variant="primary" loading={save.isPending}>
            {t(editing ? 'ATTRIBUTES_MGMT.EDIT.SUBMIT' : 'ATTRIBUTES_MGMT.ADD.SUBMIT')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
