import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { RouteName } from '@app/shared/permissions';
import { makeAccount, makeUser } from '../../../test/fixtures.ts';
import { renderShell, shellApi, shellReady } from '../shell-test-utils.tsx';

const ready = async () => {
  await shellReady();
  await waitFor(() => expect(screen.queryByRole('link', { name: 'Contacts' }) ?? screen.getByRole('link', { name: 'Conversations' })).toBeInTheDocument());
};

describe('shell keyboard shortcuts', () => {
  it('S0-9.43 S0-9.44 S0-4.46 S0-2.90 Mod+/ opens the shortcut list and Mod+Escape closes it', async () => {
    shellApi();
    renderShell();
    await ready();
    await userEvent.keyboard('{Control>}[Slash]{/Control}');
    const dialog = screen.getByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(within(dialog).getByText('Resolve the conversation')).toBeInTheDocument();
    expect(within(dialog).getByText('Go to reports')).toBeInTheDocument();
    await userEvent.keyboard('{Control>}{Escape}{/Control}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('the avatar menu opens the shortcut list too', async () => {
    shellApi();
    renderShell();
    await ready();
    await userEvent.click(screen.getByRole('button', { name: 'Your profile and settings' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Keyboard shortcuts' }));
    expect(screen.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeInTheDocument();
  });

  it('S0-9.32 S0-9.34 S0-9.36 S0-9.38 Alt+C, Alt+V, Alt+R and Alt+S go to conversations, contacts, reports and settings', async () => {
    shellApi();
    const { router } = renderShell('/app/accounts/7/profile/settings');
    await ready();
    await userEvent.keyboard('{Alt>}v{/Alt}');
    expect(router.state.location.pathname).toBe('/app/accounts/7/contacts');
    await userEvent.keyboard('{Alt>}r{/Alt}');
    expect(router.state.location.pathname).toBe('/app/accounts/7/reports/overview');
    await userEvent.keyboard('{Alt>}s{/Alt}');
    expect(router.state.location.pathname).toBe('/app/accounts/7/settings/general');
    await userEvent.keyboard('{Alt>}c{/Alt}');
    expect(router.state.location.pathname).toBe('/app/accounts/7/dashboard');
  });

  it('navigation shortcuts do nothing where the sidebar offers no such section', async () => {
    shellApi(makeUser({ accounts: [makeAccount(7, 'checker')] }));
    const { router } = renderShell('/app/accounts/7/checker-view');
    await shellReady();
    await userEvent.keyboard('{Alt>}s{/Alt}');
    await userEvent.keyboard('{Alt>}v{/Alt}');
    expect(router.state.location.pathname).toBe('/app/accounts/7/checker-view');
  });

  it('Alt+V and Alt+R do nothing while contacts and reports have no screen; Alt+S goes to the first settings screen built', async () => {
    shellApi();
    const registry = new Set<RouteName>(['home', 'profile_settings_index', 'canned_list', 'labels_list']);
    const { router } = renderShell('/app/accounts/7/profile/settings', { registry });
    await ready();
    await userEvent.keyboard('{Alt>}v{/Alt}');
    await userEvent.keyboard('{Alt>}r{/Alt}');
    expect(router.state.location.pathname).toBe('/app/accounts/7/profile/settings');
    await userEvent.keyboard('{Alt>}s{/Alt}');
    expect(router.state.location.pathname).toBe('/app/accounts/7/settings/labels/list');
  });

  it('S0-9.35 Alt+O hides and shows the section menu', async () => {
    window.localStorage.clear();
    shellApi();
    renderShell();
    await ready();
    expect(screen.getByRole('navigation', { name: 'Section navigation' })).toBeInTheDocument();
    await userEvent.keyboard('{Alt>}o{/Alt}');
    expect(screen.queryByRole('navigation', { name: 'Section navigation' })).not.toBeInTheDocument();
    await act(async () => {
      await userEvent.keyboard('{Alt>}o{/Alt}');
    });
    expect(screen.getByRole('navigation', { name: 'Section navigation' })).toBeInTheDocument();
    window.localStorage.clear();
  });
});
