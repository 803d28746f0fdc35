import { useState } from 'react';
import type { Inbox, WorkingHour } from '@app/shared/inboxes';
import { SettingsCard } from '../../../components/settings-card.tsx';
import { TextareaField } from '../../../components/textarea-field.tsx';
import { Toggle } from '../../../components/toggle.tsx';
import { t, type MessageKey } from '../../../lib/i18n/i18n.ts';
import { useInboxSave } from '../hooks/use-inbox-save.ts';
import { useReportUnsaved } from '../hooks/use-unsaved-changes.ts';
import { parseTime, timeOf, validateWorkingHours, type FieldErrors } from '../utils/inbox-validation.ts';
import { closeDay, openDay, timeZones, weekOf } from '../utils/working-hours.ts';

const LABELS: Record<string, MessageKey> = {
  timezone: 'INBOX_MGMT.BUSINESS_HOURS.TIMEZONE',
  out_of_office_message: 'INBOX_MGMT.BUSINESS_HOURS.OUT_OF_OFFICE',
  working_hours: 'INBOX_MGMT.BUSINESS_HOURS.WEEKLY',
};
const dayName = (day: number) => t(`INBOX_MGMT.DAYS.${day}` as MessageKey);

type Form = { enabled: boolean; timezone: string; message: string; week: WorkingHour[] };
const formOf = (inbox: Inbox): Form => ({
  enabled: inbox.working_hours_enabled,
  timezone: inbox.timezone,
  message: inbox.out_of_office_message ?? '',
  week: weekOf(inbox.working_hours),
});

/** Working hours per weekday, the time zone they are in and the message sent outside them. */
export function BusinessHoursCard({ accountId, inbox }: { accountId: number; inbox: Inbox }) {
  const [form, setForm] = useState<Form>(() => formOf(inbox));
  const [errors, setErrors] = useState<FieldErrors>({});
  const { save, saving, serverErrors, clearServerError } = useInboxSave(accountId, inbox.id, LABELS, t('INBOX_MGMT.BUSINESS_HOURS.SUCCESS'));
  const pristine = JSON.stringify(form) === JSON.stringify(formOf(inbox));
  useReportUnsaved(!pristine);
  const zones = timeZones(form.timezone);

  const setDay = (next: WorkingHour) => {
    setForm((current) => ({ ...current, week: current.week.map((d) => (d.day_of_week === next.day_of_week ? next : d)) }));
    setErrors((current) => ({ ...current, [`working_hours.${next.day_of_week}`]: undefined }));
    clearServerError('working_hours');
  };

  const submit = () => {
    const found = validateWorkingHours(form.week);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save(
      { working_hours_enabled: form.enabled, timezone: form.timezone, out_of_office_message: form.message.trim() || null, working_hours: form.week },
      (next) => setForm(formOf(next)),
    );
  };

  return (
    <SettingsCard title={t('INBOX_MGMT.BUSINESS_HOURS.TITLE')} description={t('INBOX_MGMT.BUSINESS_HOURS.DESCRIPTION')} onSubmit={submit} saving={saving} pristine={pristine}>
      <Toggle
        label={t('INBOX_MGMT.BUSINESS_HOURS.TOGGLE')}
        description={t('INBOX_MGMT.BUSINESS_HOURS.TOGGLE_HINT')}
        checked={form.enabled}
        onChange={(enabled) => setForm((current) => ({ ...current, enabled }))}
      />
      <div className="settings-card__row">
        <div className={`field${serverErrors.timezone ? ' field--error' : ''}`}>
          <label htmlFor={`timezone-${inbox.id}`}>{t('INBOX_MGMT.BUSINESS_HOURS.TIMEZONE')}</label>
          <select
            id={`timezone-${inbox.id}`}
            value={form.timezone}
            aria-invalid={serverErrors.timezone ? true : undefined}
            onChange={(e) => {
              setForm((current) => ({ ...current, timezone: e.target.value }));
              clearServerError('timezone');
            }}
          >
            {zones.map((zone) => (
              <option key={zone} value={zone}>
                {zone.replace(/_/g, ' ')}
              </option>
            ))}
          </select>
          {serverErrors.timezone ? <p className="field__error">{serverErrors.timezone}</p> : null}
        </div>
      </div>
      <TextareaField
        label={t('INBOX_MGMT.BUSINESS_HOURS.OUT_OF_OFFICE')}
        name="out_of_office_message"
        rows={3}
        maxLength={10_000}
        placeholder={t('INBOX_MGMT.BUSINESS_HOURS.OUT_OF_OFFICE_PLACEHOLDER')}
        value={form.message}
        onChange={(e) => {
          setForm((current) => ({ ...current, message: e.target.value }));
          clearServerError('out_of_office_message');
        }}
        error={serverErrors.out_of_office_message}
      />
      <fieldset className="inbox-settings__fieldset">
        <legend className="inbox-legend">{t('INBOX_MGMT.BUSINESS_HOURS.WEEKLY')}</legend>
        <div className="business-hours">
          {form.week.map((day) => (
            <DayRow key={day.day_of_week} day={day} error={errors[`working_hours.${day.day_of_week}`]} onChange={setDay} />
          ))}
        </div>
        {serverErrors.working_hours ? <p className="field__error">{serverErrors.working_hours}</p> : null}
      </fieldset>
    </SettingsCard>
  );
}

function DayRow({ day, error, onChange }: { day: WorkingHour; error: string | undefined; onChange: (day: WorkingHour) => void }) {
  const name = dayName(day.day_of_week);
  const errorId = `working-hours-${day.day_of_week}-error`;
  const open = !day.closed_all_day;
  const setTime = (which: 'open' | 'close', value: string) => {
    const { hour, minutes } = parseTime(value);
    onChange(which === 'open' ? { ...day, open_hour: hour, open_minutes: minutes } : { ...day, close_hour: hour, close_minutes: minutes });
  };
  return (
    <div className="business-hours__day">
      <span className="business-hours__name">{name}</span>
      <Toggle size="small" label={t('INBOX_MGMT.BUSINESS_HOURS.OPEN', { day: name })} hideLabel checked={open} onChange={(on) => onChange(on ? openDay(day) : closeDay(day))} />
      <div className="business-hours__times">
        {!open ? (
          <span className="business-hours__closed">{t('INBOX_MGMT.BUSINESS_HOURS.CLOSED')}</span>
        ) : (
          <>
            <label className="inbox-check">
              <input
                type="checkbox"
                aria-label={t('INBOX_MGMT.BUSINESS_HOURS.ALL_DAY_FOR', { day: name })}
                checked={day.open_all_day}
                onChange={(e) => onChange(e.target.checked ? { ...day, open_all_day: true, open_hour: 0, open_minutes: 0, close_hour: 23, close_minutes: 59 } : openDay({ ...day, open_all_day: false, open_hour: null, close_hour: null }))}
              />
              <span aria-hidden="true">{t('INBOX_MGMT.BUSINESS_HOURS.ALL_DAY')}</span>
            </label>
            {!day.open_all_day ? (
              <>
                <input
                  type="time"
                  aria-label={t('INBOX_MGMT.BUSINESS_HOURS.FROM', { day: name })}
                  value={timeOf(day.open_hour, day.open_minutes)}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? errorId : undefined}
                  onChange={(e) => setTime('open', e.target.value)}
                />
                <span className="muted">{t('INBOX_MGMT.BUSINESS_HOURS.UNTIL')}</span>
                <input
                  type="time"
                  aria-label={t('INBOX_MGMT.BUSINESS_HOURS.TO', { day: name })}
                  value={timeOf(day.close_hour, day.close_minutes)}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? errorId : undefined}
                  onChange={(e) => setTime('close', e.target.value)}
                />
              </>
            ) : null}
          </>
        )}
      </div>
      {error ? (
        <p className="field__error business-hours__error" id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
