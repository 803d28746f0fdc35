import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { fakeEditorApi } from './testing/fake-editor-api.ts';
import { renderEditor, replyBox } from './testing/render-editor.tsx';

const LOAD = { timeout: 4000 };
// the whole grid (about 1,800 buttons) is slow to render in jsdom
const SLOW = 20_000;
const openPanel = async () => {
  await userEvent.click(screen.getByRole('button', { name: 'Insert an emoji' }));
  return screen.findByRole('dialog', { name: 'Insert an emoji' });
};

describe('reply editor emoji button', () => {
  beforeEach(() => localStorage.clear());

  it('opens a searchable grid of emoji; a click inserts the emoji at the cursor and closes the panel', async () => {
    fakeEditorApi();
    const { onSend } = renderEditor();
    await userEvent.type(replyBox(), 'Thanks ');
    const panel = await openPanel();
    const grid = await within(panel).findByRole('group', { name: 'Emoji' }, LOAD);
    expect(within(grid).getAllByRole('button').length).toBeGreaterThan(1000);
    await userEvent.type(within(panel).getByRole('searchbox', { name: 'Search emoji' }), 'waving');
    await userEvent.click(within(panel).getByRole('button', { name: 'waving hand' }));
    expect(screen.queryByRole('dialog', { name: 'Insert an emoji' })).not.toBeInTheDocument();
    expect(replyBox()).toHaveTextContent('Thanks 👋');
    await waitFor(() => expect(replyBox()).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    expect(onSend.mock.calls[0]![0].content).toBe('Thanks 👋');
  }, SLOW);

  it('from the keyboard: Enter in the search takes the first match, arrows walk the grid, Escape closes back to the button', async () => {
    fakeEditorApi();
    const { onSend } = renderEditor();
    await userEvent.type(replyBox(), 'Hi');
    let panel = await openPanel();
    const search = within(panel).getByRole('searchbox', { name: 'Search emoji' });
    await waitFor(() => expect(search).toHaveFocus());
    await within(panel).findByRole('group', { name: 'Emoji' }, LOAD);
    await userEvent.keyboard('{ArrowDown}{ArrowRight}');
    const cells = within(panel).getAllByRole('button');
    expect(cells[1]).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(cells[9]).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Insert an emoji' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Insert an emoji' })).toHaveFocus();

    panel = await openPanel();
    await within(panel).findByRole('group', { name: 'Emoji' }, LOAD);
    await userEvent.type(within(panel).getByRole('searchbox', { name: 'Search emoji' }), 'thumbs{Enter}');
    await waitFor(() => expect(replyBox()).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    expect(onSend.mock.calls[0]![0].content).toBe('Hi👍');
  }, SLOW);

  it('says when nothing matches', async () => {
    fakeEditorApi();
    renderEditor();
    const panel = await openPanel();
    await within(panel).findByRole('group', { name: 'Emoji' }, LOAD);
    await userEvent.type(within(panel).getByRole('searchbox', { name: 'Search emoji' }), 'zzzqqq');
    expect(within(panel).getByText('No emoji matches “zzzqqq”')).toBeInTheDocument();
  }, SLOW);
});
