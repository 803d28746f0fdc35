import { beforeEach, describe, expect, it } from 'vitest';
import { createEvent, fireEvent, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { fakeEditorApi } from './testing/fake-editor-api.ts';
import { renderEditor, replyBox } from './testing/render-editor.tsx';

const MB = 1024 * 1024;
const fileOf = (name: string, type: string, size: number) => {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
};
const attach = (...files: File[]) => userEvent.upload(screen.getByLabelText('Attach files', { selector: 'input' }), files);

/** A paste event as a browser makes it: the clipboard's files and its text types. */
function paste(target: HTMLElement, { files = [] as File[], text = '' }) {
  const types = [...(text ? ['text/plain'] : []), ...(files.length ? ['Files'] : [])];
  const event = createEvent.paste(target, { clipboardData: { files, types, items: [], getData: (type: string) => (type === 'text/plain' ? text : '') } });
  fireEvent(target, event);
  return event;
}

describe('reply editor: attachments and pasting', () => {
  beforeEach(() => {
    localStorage.clear();
    fakeEditorApi();
  });

  it('S0-5.15 S1-5.43 pasting files into the editor is blocked, with a toast pointing to the attach button', async () => {
    renderEditor();
    await userEvent.type(replyBox(), 'Look');
    const event = paste(replyBox(), { files: [fileOf('shot.png', 'image/png', 10)] });
    expect(event.defaultPrevented).toBe(true);
    expect(await screen.findByRole('alert')).toHaveTextContent("Files can't be pasted or dropped into the message. Use the attach button instead.");
    expect(replyBox()).toHaveTextContent(/^Look$/);
    expect(screen.queryByRole('list', { name: 'Attachments' })).not.toBeInTheDocument();
  });

  it('S0-5.15 text still pastes, also when the clipboard holds a picture of it (copied from a spreadsheet)', async () => {
    renderEditor();
    await userEvent.click(replyBox());
    paste(replyBox(), { text: 'pasted text', files: [fileOf('cells.png', 'image/png', 10)] });
    expect(replyBox()).toHaveTextContent('pasted text');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('S0-5.10 S0-5.12 images of at most 4 MB are attached as chips, removable, and sent with the message', async () => {
    const { onSend } = renderEditor();
    const small = fileOf('photo.jpg', 'image/jpeg', 4 * MB);
    const doc = fileOf('invoice.pdf', 'application/pdf', 200 * 1024);
    await attach(small, doc, fileOf('extra.webp', 'image/webp', 10));
    const chips = screen.getByRole('list', { name: 'Attachments' });
    expect(within(chips).getAllByRole('listitem').map((chip) => chip.textContent)).toEqual(['photo.jpg4.0 MB', 'invoice.pdf200 KB', 'extra.webp10 B']);
    // The remove button's cross is a drawn icon (no glyph in the text), named by its label.
    expect(within(chips).getAllByRole('button', { name: /^Remove / }).map((button) => button.querySelector('svg[aria-hidden="true"]'))).not.toContain(null);
    await userEvent.click(within(chips).getByRole('button', { name: 'Remove extra.webp' }));
    expect(within(chips).getAllByRole('listitem')).toHaveLength(2);
    await userEvent.type(replyBox(), 'Here you go{Enter}');
    expect(onSend).toHaveBeenCalledWith(expect.objectContaining({ content: 'Here you go', files: [small, doc] }));
    expect(screen.queryByRole('list', { name: 'Attachments' })).not.toBeInTheDocument();
  });

  it('S0-5.11 S0-8.13 S0-9.07 an image over 4 MB is not attached and shows the size error toast', async () => {
    renderEditor();
    await attach(fileOf('huge.png', 'image/png', 4 * MB + 1));
    expect(await screen.findByRole('alert')).toHaveTextContent('Image exceeds the 4 MB limit: huge.png');
    expect(screen.queryByRole('list', { name: 'Attachments' })).not.toBeInTheDocument();
  });

  it('S0-5.14 an image type other than png, jpeg, gif or webp is not accepted', async () => {
    renderEditor();
    await attach(fileOf('scan.bmp', 'image/bmp', 10));
    expect(await screen.findByRole('alert')).toHaveTextContent('Only PNG, JPEG, GIF and WebP images can be attached: scan.bmp');
    expect(screen.queryByRole('list', { name: 'Attachments' })).not.toBeInTheDocument();
  });

  it('files alone can be sent, with empty content and no signature', async () => {
    const { onSend } = renderEditor({ channelType: 'Channel::Email', user: { message_signature: 'Jane', ui_settings: { channel_email_signature_enabled: true } } });
    const photo = fileOf('photo.png', 'image/png', 10);
    await attach(photo);
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSend).toHaveBeenCalledWith(expect.objectContaining({ content: '', files: [photo], private: false }));
  });
});
