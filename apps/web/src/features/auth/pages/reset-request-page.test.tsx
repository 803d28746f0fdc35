import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { fakeApi } from '../../../test/fake-api.ts';
import { renderApp } from '../../../test/render-app.tsx';

describe('password reset request', () => {
  it('S0-7.14 posts the email to auth/password and shows the same answer whether or not it exists', async () => {
    const server = fakeApi({ 'POST /auth/password': { body: { success: true, message: 'If an account exists…' } } });
    renderApp('/app/auth/reset/password');
    await userEvent.type(await screen.findByLabelText('Email'), 'nobody@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('status')).toHaveTextContent('If an account exists for that email, a link to reset the password is on its way.');
    expect(server.called('POST /auth/password')[0]!.body).toEqual({
      email: 'nobody@example.com',
      redirect_url: `${window.location.origin}/app/auth/password/edit`,
    });
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();
  });

  it('takes the email typed on the login screen and says to wait when rate limited', async () => {
    fakeApi({ 'POST /auth/password': { status: 429, body: { error: 'Too many requests.' } } });
    renderApp('/app/auth/reset/password?email=jane%40example.com');
    expect(await screen.findByLabelText('Email')).toHaveValue('jane@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts');
  });
});
