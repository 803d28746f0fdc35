import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { CSAT_FEEDBACK_MAX_LENGTH, CSAT_RATINGS, CSAT_RESPONSE_EDIT_WINDOW_DAYS, type PublicCsatSurvey } from '@app/shared/csat';
import { Avatar } from '../../../components/avatar.tsx';
import { Button } from '../../../components/button.tsx';
import { PageStatus } from '../../../components/page-status.tsx';
import { TextareaField } from '../../../components/textarea-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { setLocale, t, type MessageKey } from '../../../lib/i18n/i18n.ts';
import { useAnswerSurvey, useSurvey } from '../api.ts';
import '../messages.ts';
import '../csat-survey.css';

/** One face per rating, least to most satisfied; the label says it in words for screen readers and everyone. */
const FACES: Record<number, string> = { 1: '😞', 2: '😕', 3: '😐', 4: '😊', 5: '😍' };
const ratingLabel = (rating: number) => t(`CSAT_SURVEY.RATING.${rating}` as MessageKey);

/**
 * The public survey page (/survey/responses/:uuid, no sign-in): the customer rates the conversation 1 to 5
 * and may add a comment; afterwards a thank-you with the answer, which they may change while the survey is
 * editable (CSAT_RESPONSE_EDIT_WINDOW_DAYS); later the answer shows read-only.
 */
export function SurveyPage() {
  const { uuid = '' } = useParams();
  const survey = useSurvey(uuid);
  const locale = survey.data?.locale;
  useEffect(() => {
    // the account's language decides the direction (right to left for ar, he, fa…)
    if (locale) setLocale(locale);
  }, [locale]);

  if (survey.isPending) return <PageStatus kind="loading" message={t('CSAT_SURVEY.LOADING')} />;
  if (survey.isError) {
    if (survey.error instanceof ApiError && survey.error.status === 404) {
      return (
        <SurveyFrame>
          <h1>{t('CSAT_SURVEY.NOT_FOUND_TITLE')}</h1>
          <p className="muted">{t('CSAT_SURVEY.NOT_FOUND')}</p>
        </SurveyFrame>
      );
    }
    return (
      <PageStatus
        kind="error"
        message={t('CSAT_SURVEY.ERROR')}
        action={
          <Button onClick={() => void survey.refetch()} loading={survey.isFetching}>
            {t('CSAT_SURVEY.RETRY')}
          </Button>
        }
      />
    );
  }
  return <Survey uuid={uuid} survey={survey.data} onExpired={() => void survey.refetch()} />;
}

function SurveyFrame({ children, survey }: { children: ReactNode; survey?: PublicCsatSurvey }) {
  return (
    <main className="csat-survey">
      <div className="csat-survey__card">
        {survey ? (
          <div className="csat-survey__inbox">
            <Avatar name={survey.inbox_name} src={survey.inbox_avatar_url} size="large" />
            <span>{survey.inbox_name}</span>
          </div>
        ) : null}
        {children}
      </div>
    </main>
  );
}

function Answer({ survey }: { survey: PublicCsatSurvey }) {
  const answer = survey.csat_survey_response;
  if (!answer) return null;
  return (
    <div className="csat-survey__answer">
      <p className="csat-survey__answer-rating">
        <span aria-hidden="true">{FACES[answer.rating]}</span> {t('CSAT_SURVEY.THANKS', { rating: ratingLabel(answer.rating) })}
      </p>
      {answer.feedback_message ? (
        <figure className="csat-survey__feedback">
          <figcaption className="muted">{t('CSAT_SURVEY.YOUR_FEEDBACK')}</figcaption>
          <blockquote>{answer.feedback_message}</blockquote>
        </figure>
      ) : null}
    </div>
  );
}

function Survey({ uuid, survey, onExpired }: { uuid: string; survey: PublicCsatSurvey; onExpired: () => void }) {
  const answered = survey.csat_survey_response;
  const [editing, setEditing] = useState(!answered);
  const [rating, setRating] = useState<number | null>(answered?.rating ?? null);
  const [feedback, setFeedback] = useState(answered?.feedback_message ?? '');
  const [missingRating, setMissingRating] = useState(false);
  const save = useAnswerSurvey(uuid);

  if (!survey.editable) {
    return (
      <SurveyFrame survey={survey}>
        <h1>{t('CSAT_SURVEY.EXPIRED_TITLE')}</h1>
        <p className="muted">{t(answered ? 'CSAT_SURVEY.EXPIRED' : 'CSAT_SURVEY.EXPIRED_NONE', { days: CSAT_RESPONSE_EDIT_WINDOW_DAYS })}</p>
        <Answer survey={survey} />
      </SurveyFrame>
    );
  }

  if (answered && !editing) {
    return (
      <SurveyFrame survey={survey}>
        <h1 tabIndex={-1} ref={(h) => h?.focus()}>
          {t('CSAT_SURVEY.THANKS_TITLE')}
        </h1>
        <Answer survey={survey} />
        <Button
          onClick={() => {
            setRating(answered.rating);
            setFeedback(answered.feedback_message ?? '');
            setEditing(true);
          }}
        >
          {t('CSAT_SURVEY.CHANGE')}
        </Button>
      </SurveyFrame>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (rating === null) {
      setMissingRating(true);
      return;
    }
    save.mutate(
      { rating, feedback },
      {
        onSuccess: () => setEditing(false),
        onError: (error) => {
          // the window closed while the page was open: show the survey as it is now
          if (error instanceof ApiError && error.status === 422 && error.fieldErrors.csat_survey_response) onExpired();
        },
      },
    );
  };
  const saveError = save.error instanceof ApiError ? save.error : null;

  return (
    <SurveyFrame survey={survey}>
      <h1>{t('CSAT_SURVEY.TITLE', { inbox: survey.inbox_name })}</h1>
      <p className="muted">{t('CSAT_SURVEY.DESCRIPTION')}</p>
      <form onSubmit={submit} noValidate className="csat-survey__form">
        <fieldset className="csat-survey__ratings" aria-describedby={missingRating ? 'csat-rating-error' : undefined}>
          <legend>{t('CSAT_SURVEY.RATING_LEGEND')}</legend>
          <div className="csat-survey__faces">
            {CSAT_RATINGS.map((value) => (
              <label key={value} className={`csat-survey__face${rating === value ? ' csat-survey__face--selected' : ''}`}>
                <input
                  type="radio"
                  name="rating"
                  value={value}
                  checked={rating === value}
                  onChange={() => {
                    setRating(value);
                    setMissingRating(false);
                  }}
                />
                <span className="csat-survey__emoji" aria-hidden="true">
                  {FACES[value]}
                </span>
                <span className="csat-survey__label">{ratingLabel(value)}</span>
              </label>
            ))}
          </div>
          {missingRating ? (
            <p id="csat-rating-error" className="field__error" role="alert">
              {t('CSAT_SURVEY.PICK_RATING')}
            </p>
          ) : null}
        </fieldset>
        <TextareaField
          label={t('CSAT_SURVEY.FEEDBACK')}
          placeholder={t('CSAT_SURVEY.FEEDBACK_PLACEHOLDER')}
          rows={4}
          maxLength={CSAT_FEEDBACK_MAX_LENGTH}
          value={feedback}
          onChange={(event) => setFeedback(event.target.value)}
          hint={t('CSAT_SURVEY.FEEDBACK_HINT', { count: feedback.length, max: CSAT_FEEDBACK_MAX_LENGTH })}
        />
        {save.isError && !(saveError?.status === 422 && saveError.fieldErrors.csat_survey_response) ? (
          <p className="notice notice--error" role="alert">
            {saveError?.status === 429 ? t('CSAT_SURVEY.RATE_LIMITED') : saveError?.status === 422 ? saveError.message : t('CSAT_SURVEY.SAVE_ERROR')}
          </p>
        ) : null}
        <Button type="submit" variant="primary" block loading={save.isPending}>
          {save.isPending ? t('CSAT_SURVEY.SUBMITTING') : answered ? t('CSAT_SURVEY.UPDATE') : t('CSAT_SURVEY.SUBMIT')}
        </Button>
      </form>
    </SurveyFrame>
  );
}
