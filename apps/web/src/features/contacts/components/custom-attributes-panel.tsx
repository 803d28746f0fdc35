import { useId, useState, type FormEvent } from 'react';
import type { Contact } from '@app/shared/contacts';
import type { CustomAttributeDefinition } from '@app/shared/custom-attributes';
import { Button } from '../../../components/button.tsx';
import { useToast } from '../../../components/toast-provider.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { t } from '../../../lib/i18n/i18n.ts';
import { useContactAttributeDefinitions, useDestroyCustomAttributes, useUpdateContact } from '../api.ts';
import { text } from '../utils/format.ts';

type Definition = Pick<CustomAttributeDefinition, 'attribute_key' | 'attribute_display_name' | 'attribute_display_type' | 'attribute_values' | 'regex_pattern' | 'regex_cue'>;

const shown = (definition: Definition, value: unknown) => {
  if (value === undefined || value === null || value === '') return null;
  if (definition.attribute_display_type === 'checkbox') return value === true || value === 'true' ? t('CONTACTS.ATTRIBUTES.YES') : t('CONTACTS.ATTRIBUTES.NO');
  return text(value) || JSON.stringify(value);
};

/** The typed value a definition stores: numbers as numbers, checkboxes as booleans, the rest as text. */
function typedValue(definition: Definition, raw: string | boolean): unknown {
  if (definition.attribute_display_type === 'checkbox') return raw === true;
  if (['number', 'currency', 'percent'].includes(definition.attribute_display_type) && raw !== '') return Number(raw);
  return raw;
}

type EditorProps = { definition: Definition; value: unknown; saving: boolean; onSave: (value: unknown) => void; onCancel: () => void; error: string | null };

/** One attribute's inline editor, shaped by its display type. */
function AttributeEditor({ definition, value, saving, onSave, onCancel, error }: EditorProps) {
  const id = useId();
  const type = definition.attribute_display_type;
  const [raw, setRaw] = useState<string | boolean>(type === 'checkbox' ? value === true : text(value));
  const [invalid, setInvalid] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (typeof raw === 'string' && definition.regex_pattern && raw && !new RegExp(definition.regex_pattern).test(raw)) return setInvalid(true);
    onSave(typedValue(definition, raw));
  };
  const label = t('CONTACTS.ATTRIBUTES.EDIT', { name: definition.attribute_display_name });
  const message = invalid ? (definition.regex_cue ?? t('CONTACTS.ATTRIBUTES.INVALID')) : error;
  return (
    <form
      className="contact-attribute__editor"
      onSubmit={submit}
      noValidate
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.preventDefault();
          onCancel();
        }
      }}
    >
      {type === 'list' ? (
        <select aria-label={label} value={String(raw)} onChange={(e) => setRaw(e.target.value)} data-autofocus>
          <option value="">{t('CONTACTS.ATTRIBUTES.NOT_SET')}</option>
          {definition.attribute_values.map((option) => (
            <option key={option}>{option}</option>
          ))}
        </select>
      ) : type === 'checkbox' ? (
        <input type="checkbox" aria-label={label} checked={raw === true} onChange={(e) => setRaw(e.target.checked)} />
      ) : (
        <input
          aria-label={label}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${id}-error` : undefined}
          type={type === 'date' ? 'date' : type === 'link' ? 'url' : ['number', 'currency', 'percent'].includes(type) ? 'number' : 'text'}
          value={String(raw)}
          onChange={(e) => (setRaw(e.target.value), setInvalid(false))}
          autoFocus
        />
      )}
      <Button type="submit" size="small" variant="primary" loading={saving}>
        {t('CONTACTS.ATTRIBUTES.SAVE')}
      </Button>
      <Button size="small" variant="ghost" onClick={onCancel}>
        {t('CONTACTS.ATTRIBUTES.CANCEL')}
      </Button>
      {message ? (
        <p className="field__error" id={`${id}-error`}>
          {message}
        </p>
      ) : null}
    </form>
  );
}

/**
 * The contact's custom attributes: every contact attribute definition with its value (edited inline through PATCH
 * contacts/{id} custom_attributes, removed through destroy_custom_attributes), then values without a definition.
 */
export function CustomAttributesPanel({ accountId, contact, canWrite }: { accountId: number; contact: Contact; canWrite: boolean }) {
  const headingId = useId();
  const definitions = useContactAttributeDefinitions(accountId);
  const update = useUpdateContact(accountId);
  const destroy = useDestroyCustomAttributes(accountId);
  const toast = useToast();
  const [editing, setEditing] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const known = definitions.data ?? [];
  const orphans: Definition[] = Object.keys(contact.custom_attributes)
    .filter((key) => !known.some((d) => d.attribute_key === key))
    .map((key) => ({ attribute_key: key, attribute_display_name: key.replace(/_/g, ' '), attribute_display_type: 'text', attribute_values: [], regex_pattern: null, regex_cue: null }));

  const save = (definition: Definition, value: unknown) =>
    update.mutate(
      { id: contact.id, body: { custom_attributes: { [definition.attribute_key]: value } } },
      {
        onSuccess: () => {
          setEditing(null);
          toast(t('CONTACTS.ATTRIBUTES.SAVED', { name: definition.attribute_display_name }), 'success');
        },
        onError: (failure) => {
          const fields = failure instanceof ApiError ? failure.fieldErrors : {};
          const message = Object.entries(fields).find(([key]) => key.endsWith(definition.attribute_key) || key === 'custom_attributes')?.[1]?.[0];
          setError(message ?? (failure instanceof ApiError && failure.status !== 0 ? failure.message : t('CONTACTS.ATTRIBUTES.ERROR')));
        },
      },
    );
  const remove = (definition: Definition) =>
    destroy.mutate(
      { id: contact.id, keys: [definition.attribute_key] },
      {
        onSuccess: () => toast(t('CONTACTS.ATTRIBUTES.DELETED', { name: definition.attribute_display_name }), 'success'),
        onError: () => toast(t('CONTACTS.ATTRIBUTES.ERROR'), 'error'),
      },
    );

  const row = (definition: Definition) => {
    const value = contact.custom_attributes[definition.attribute_key];
    const display = shown(definition, value);
    return (
      <div key={definition.attribute_key} className="contact-attribute">
        <dt>{definition.attribute_display_name}</dt>
        <dd>
          {editing === definition.attribute_key ? (
            <AttributeEditor definition={definition} value={value} saving={update.isPending} error={error} onSave={(next) => save(definition, next)} onCancel={() => setEditing(null)} />
          ) : (
            <>
              <span className={display ? 'contact-attribute__value' : 'muted'} dir="auto">
                {display ?? t('CONTACTS.ATTRIBUTES.NOT_SET')}
              </span>
              {canWrite ? (
                <span className="contact-attribute__actions">
                  <Button size="small" variant="ghost" aria-label={t('CONTACTS.ATTRIBUTES.EDIT', { name: definition.attribute_display_name })} onClick={() => (setEditing(definition.attribute_key), setError(null))}>
                    ✎
                  </Button>
                  {display !== null ? (
                    <Button size="small" variant="ghost" aria-label={t('CONTACTS.ATTRIBUTES.DELETE', { name: definition.attribute_display_name })} onClick={() => remove(definition)}>
                      ✕
                    </Button>
                  ) : null}
                </span>
              ) : null}
            </>
          )}
        </dd>
      </div>
    );
  };

  return (
    <section className="contact-card" aria-labelledby={headingId}>
      <h2 id={headingId} className="contact-card__title">
        {t('CONTACTS.ATTRIBUTES.TITLE')}
      </h2>
      {definitions.isPending ? <p className="muted">{t('CONTACTS.PROFILE.LOADING')}</p> : null}
      {definitions.data && known.length === 0 && orphans.length === 0 ? <p className="muted">{t('CONTACTS.ATTRIBUTES.EMPTY')}</p> : null}
      {known.length ? <dl className="contact-attributes">{known.map(row)}</dl> : null}
      {orphans.length ? (
        <>
          <h3 className="contact-card__subtitle">{t('CONTACTS.ATTRIBUTES.OTHER')}</h3>
          <dl className="contact-attributes">{orphans.map(row)}</dl>
        </>
      ) : null}
    </section>
  );
}
