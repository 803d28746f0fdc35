import { useId, useRef, useState, type FormEvent } from 'react';
import type { Team } from '@app/shared/teams';
import { Button } from '../../../components/button.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { TextareaField } from '../../../components/textarea-field.tsx';
import { Toggle } from '../../../components/toggle.tsx';
import { t } from '../../../lib/i18n/i18n.ts';
import type { TeamBody } from '../api.ts';
import { TEAM_DESCRIPTION_MAX, TEAM_NAME_MAX, validateTeam, validateTeamDescription, validateTeamName, type FieldErrors, type TeamField } from '../utils/team-form.ts';
import { focusFirstInvalid } from '../../../lib/focus-first-invalid.ts';

type TeamFormProps = {
  team?: Team;
  submitLabel: string;
  saving: boolean;
  /** The server's messages for the fields (a taken name), and its message for the rest. */
  serverErrors: FieldErrors;
  formError: string | null;
  onEdit: (field: TeamField) => void;
  onSubmit: (body: TeamBody) => void;
};

/** Name, description and auto assignment of a team; checked on blur and on submit. */
export function TeamForm({ team, submitLabel, saving, serverErrors, formError, onEdit, onSubmit }: TeamFormProps) {
  const [name, setName] = useState(team?.name ?? '');
  const [description, setDescription] = useState(team?.description ?? '');
  const [autoAssign, setAutoAssign] = useState(team?.allow_auto_assign ?? true);
  const [errors, setErrors] = useState<FieldErrors>({});
  const form = useRef<HTMLFormElement>(null);
  const titleId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const found = validateTeam({ name, description });
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid(() => form.current);
      return;
    }
    onSubmit({ name: name.trim(), description: description.trim() || null, allow_auto_assign: autoAssign });
  };

  return (
    <form ref={form} className="team-form" onSubmit={submit} noValidate aria-labelledby={titleId}>
      <header className="team-step__header">
        <h2 id={titleId}>{t('TEAMS_SETTINGS.FORM.TITLE')}</h2>
        <p className="muted">{t(team ? 'TEAMS_SETTINGS.FORM.EDIT_NOTE' : 'TEAMS_SETTINGS.FORM.NEW_NOTE')}</p>
      </header>
      <FormField
        label={t('TEAMS_SETTINGS.FORM.NAME.LABEL')}
        name="name"
        autoComplete="off"
        maxLength={TEAM_NAME_MAX}
        placeholder={t('TEAMS_SETTINGS.FORM.NAME.PLACEHOLDER')}
        value={name}
        autoFocus
        onChange={(e) => {
          setName(e.target.value);
          setErrors((current) => ({ ...current, name: undefined }));
          onEdit('name');
        }}
        onBlur={() => setErrors((current) => ({ ...current, name: validateTeamName(name).name }))}
        error={errors.name ?? serverErrors.name}
      />
      <TextareaField
        label={t('TEAMS_SETTINGS.FORM.DESCRIPTION.LABEL')}
        name="description"
        rows={3}
        placeholder={t('TEAMS_SETTINGS.FORM.DESCRIPTION.PLACEHOLDER')}
        value={description}
        onChange={(e) => {
          setDescription(e.target.value);
          setErrors((current) => ({ ...current, description: undefined }));
          onEdit('description');
        }}
        onBlur={() => setErrors((current) => ({ ...current, description: validateTeamDescription(description).description }))}
        hint={`${description.trim().length} / ${TEAM_DESCRIPTION_MAX}`}
        error={errors.description ?? serverErrors.description}
      />
      <Toggle
        label={t('TEAMS_SETTINGS.FORM.AUTO_ASSIGN.LABEL')}
        description={t('TEAMS_SETTINGS.FORM.AUTO_ASSIGN.DESCRIPTION')}
        checked={autoAssign}
        onChange={setAutoAssign}
      />
      {formError ? (
        <p className="notice notice--error" role="alert">
          {formError}
        </p>
      ) : null}
      <div className="team-form__actions">
        <Button type="submit" variant="primary" loading={saving}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
