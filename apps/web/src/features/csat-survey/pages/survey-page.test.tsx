import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { PublicCsatSurveySchema, type PublicCsatSurvey } from '@app/shared/csat';
import { fakeApi, type Reply } from '../../../test/fake-api.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { setLocale } from '../../../lib/i18n/i18n.ts';

const UUID = '6f1c2b1e-6a0e-4c7e-9a51-0d1a2b3c4d5e';
const API = `/public/api/v1/csat_survey/${UUID}`;
const PAGE = `/survey/responses/${UUID}`;

const survey = (overrides: Partial<PublicCsatSurvey> = {}): PublicCsatSurvey => ({
  conversation_id: 42,
  inbox_name: 'Acme Support',
  inbox_avatar_url: null,
  locale: 'en',
  csat_survey_response: null,
  editable: true,
  ...overrides,
});

function open(handlers: Record<string, Reply | (() => Reply) | ((call: { body: unknown }) => Reply)>) {
  const server = fakeApi(handlers);
  return { server, ...renderApp(PAGE) };
}

afterEach(() => setLocale('en'));

describe('the public survey page', () => {
  it('shows the inbox and five labelled ratings in a radio group; a rating and a comment are sent with PUT, then thanks', async () => {
    expect(PublicCsatSurveySchema.safeParse(survey()).success).toBe(true);
    let sent: unknown;
    const { server } = open({
      [`GET ${API}`]: { body: survey() },
      [`PUT ${API}`]: (call: { body: unknown }) => {
        sent = call.body;
        return { body: survey({ csat_survey_response: { rating: 4, feedback_message: 'Quick answer' } }) };
      },
    });
    expect(await screen.findByRole('heading', { name: 'How was your conversation with Acme Support?' })).toBeInTheDocument();
    const group = screen.getByRole('group', { name: 'Your rating' });
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((r) => r.getAttribute('value'))).toEqual(['1', '2', '3', '4', '5']);
    expect(within(group).getByRole('radio', { name: /Very unsatisfied/ })).toBeInTheDocument();
    expect(within(group).getByRole('radio', { name: /Very satisfied/ })).toBeInTheDocument();
    // no session: nothing asks for one
    expect(server.calls.every((c) => !c.headers['access-token'])).toBe(true);

    await userEvent.click(within(group).getByRole('radio', { name: 'Satisfied' }));
    await userEvent.click(screen.getByRole('textbox', { name: /Anything you would like to tell us/ }));
    await userEvent.paste('Quick answer');
    await userEvent.click(screen.getByRole('button', { name: 'Send rating' }));

    expect(await screen.findByRole('heading', { name: 'Thank you for your feedback!' })).toBeInTheDocument();
    expect(sent).toEqual({ message: { submitted_values: { csat_survey_response: { rating: 4, feedback_message: 'Quick answer' } } } });
    expect(screen.getByText(/You rated this conversation “Satisfied”/)).toBeInTheDocument();
    expect(screen.getByText('Quick answer')).toBeInTheDocument();
  });

  it('asks for a rating before sending anything; a focused rating is picked with the keyboard', async () => {
    const { server } = open({ [`GET ${API}`]: { body: survey() } });
    await userEvent.click(await screen.findByRole('button', { name: 'Send rating' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Pick a rating first.');
    expect(server.called(`PUT ${API}`)).toHaveLength(0);

    const first = screen.getByRole('radio', { name: /Very unsatisfied/ });
    first.focus();
    await userEvent.keyboard(' ');
    expect(first).toBeChecked();
    expect(screen.queryByText('Pick a rating first.')).not.toBeInTheDocument();
  });

  it('an answered, editable survey thanks first and lets the customer change the answer', async () => {
    let body: unknown;
    open({
      [`GET ${API}`]: { body: survey({ csat_survey_response: { rating: 2, feedback_message: 'Slow' } }) },
      [`PUT ${API}`]: (call: { body: unknown }) => {
        body = call.body;
        return { body: survey({ csat_survey_response: { rating: 5, feedback_message: 'Slow, but solved' } }) };
      },
    });
    expect(await screen.findByRole('heading', { name: 'Thank you for your feedback!' })).toBeInTheDocument();
    expect(screen.getByText(/“Unsatisfied”/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Change my answer' }));
    // the form opens with the answer as it was
    expect(screen.getByRole('radio', { name: 'Unsatisfied' })).toBeChecked();
    const comment = screen.getByRole('textbox', { name: /Anything you would like to tell us/ });
    expect(comment).toHaveValue('Slow');
    await userEvent.click(screen.getByRole('radio', { name: /Very satisfied/ }));
    await userEvent.click(comment);
    await userEvent.paste(', but solved');
    await userEvent.click(screen.getByRole('button', { name: 'Update rating' }));
    expect(await screen.findByText(/“Very satisfied”/)).toBeInTheDocument();
    expect(body).toEqual({ message: { submitted_values: { csat_survey_response: { rating: 5, feedback_message: 'Slow, but solved' } } } });
  });

  it('an expired survey shows the recorded answer read-only, without a form', async () => {
    open({ [`GET ${API}`]: { body: survey({ editable: false, csat_survey_response: { rating: 3, feedback_message: 'Fine' } }) } });
    expect(await screen.findByRole('heading', { name: 'This survey is closed' })).toBeInTheDocument();
    expect(screen.getByText(/“Neutral”/)).toBeInTheDocument();
    expect(screen.getByText('Fine')).toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change my answer' })).not.toBeInTheDocument();
  });

  it('a survey that closes while the page is open: the 422 reloads it as closed', async () => {
    let closed = false;
    open({
      [`GET ${API}`]: () => ({ body: survey({ editable: !closed }) }),
      [`PUT ${API}`]: () => {
        closed = true;
        return { status: 422, body: { message: 'Csat survey response can no longer be changed', attributes: ['csat_survey_response'], errors: { csat_survey_response: ['has expired'] } } };
      },
    });
    await userEvent.click(await screen.findByRole('radio', { name: /Very satisfied/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Send rating' }));
    expect(await screen.findByRole('heading', { name: 'This survey is closed' })).toBeInTheDocument();
  });

  it('an unknown link says so', async () => {
    open({ [`GET ${API}`]: { status: 404, body: { error: 'Resource could not be found' } } });
    expect(await screen.findByRole('heading', { name: 'Survey not found' })).toBeInTheDocument();
  });

  it('a failed load offers a retry that loads the survey', async () => {
    let calls = 0;
    open({ [`GET ${API}`]: () => (++calls <= 2 ? { status: 500, body: { error: 'boom' } } : { body: survey() }) });
    expect(await screen.findByText('The survey could not be loaded. Please try again.', {}, { timeout: 4000 })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: /How was your conversation/ })).toBeInTheDocument();
  });

  it('a failed send keeps the answer and says so', async () => {
    open({ [`GET ${API}`]: { body: survey() }, [`PUT ${API}`]: { status: 500, body: { error: 'boom' } } });
    await userEvent.click(await screen.findByRole('radio', { name: /Neutral/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Send rating' }));
    expect(await screen.findByText('Your rating could not be sent. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Neutral/ })).toBeChecked();
  });

  it("reads right to left in the account's language", async () => {
    open({ [`GET ${API}`]: { body: survey({ locale: 'ar' }) } });
    await screen.findByRole('heading', { name: /How was your conversation/ });
    await waitFor(() => expect(document.documentElement.dir).toBe('rtl'));
  });
});
