import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { AVATAR_MAX_BYTES } from '@app/shared/constants';
import { AVATAR_PREVIEW_PX, AvatarPicker, isAcceptedImage } from './avatar-picker.tsx';

const file = (name: string, type: string, size = 10) => {
  const made = new File(['x'], name, { type });
  Object.defineProperty(made, 'size', { value: size });
  return made;
};

let urls = 0;
beforeEach(() => {
  urls = 0;
  URL.createObjectURL = vi.fn(() => `blob:preview-${++urls}`);
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  delete (URL as { createObjectURL?: unknown }).createObjectURL;
  delete (URL as { revokeObjectURL?: unknown }).revokeObjectURL;
});

const renderPicker = (props: Partial<Parameters<typeof AvatarPicker>[0]> = {}) => {
  const onChange = vi.fn();
  const onDelete = vi.fn();
  const view = render(<AvatarPicker label="Profile picture" username="Jane Doe" onChange={onChange} onDelete={onDelete} {...props} />);
  return { onChange, onDelete, input: screen.getByLabelText<HTMLInputElement>('Profile picture', { selector: 'input' }), ...view };
};

describe('avatar picker', () => {
  it('S0-3.42 S0-9.61 takes a label, an image source and a username; the preview is 80 px, initials without a picture', () => {
    const { rerender, onChange } = renderPicker();
    expect(screen.getByRole('group', { name: 'Profile picture' })).toBeInTheDocument();
    const preview = screen.getByTestId('avatar-preview');
    expect(AVATAR_PREVIEW_PX).toBe(80);
    expect(preview).toHaveStyle({ width: '80px', height: '80px' });
    expect(preview).toHaveTextContent('JD');
    rerender(<AvatarPicker label="Profile picture" username="Jane Doe" src="/uploads/jane.png" onChange={onChange} />);
    expect(preview.querySelector('img')).toHaveAttribute('src', '/uploads/jane.png');
  });

  it('S0-3.43 S0-5.13 choosing a png, jpeg, jpg, gif or webp emits the file with a temporary URL', async () => {
    const { onChange, input } = renderPicker();
    const choices = [file('a.png', 'image/png'), file('b.jpeg', 'image/jpeg'), file('c.jpg', 'image/jpeg'), file('d.gif', 'image/gif'), file('e.webp', 'image/webp')];
    for (const [index, choice] of choices.entries()) {
      await userEvent.upload(input, choice);
      expect(onChange).toHaveBeenLastCalledWith({ file: choice, url: `blob:preview-${index + 1}` });
    }
    // the previous temporary URL is released when a new one is made
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:preview-1');
    expect(input.accept).toBe('image/png,image/jpeg,image/gif,image/webp,.png,.jpeg,.jpg,.gif,.webp');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('S0-5.14 refuses other image types (svg, bmp, heic, a pdf) with a message and emits nothing', () => {
    const { onChange, input } = renderPicker();
    for (const choice of [file('logo.svg', 'image/svg+xml'), file('scan.bmp', 'image/bmp'), file('photo.heic', 'image/heic'), file('cv.pdf', 'application/pdf')]) {
      fireEvent.change(input, { target: { files: [choice] } });
      expect(screen.getByRole('alert')).toHaveTextContent('Choose a PNG, JPEG, GIF or WebP image.');
    }
    expect(onChange).not.toHaveBeenCalled();
    expect(isAcceptedImage({ name: 'untyped.webp', type: '' })).toBe(true);
    expect(isAcceptedImage({ name: 'untyped.svg', type: '' })).toBe(false);
  });

  it('S0-5.14 refuses a file over 4 MB and takes one of exactly 4 MB', () => {
    const { onChange, input } = renderPicker();
    fireEvent.change(input, { target: { files: [file('big.png', 'image/png', AVATAR_MAX_BYTES + 1)] } });
    expect(screen.getByRole('alert')).toHaveTextContent('The image is larger than 4 MB.');
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { files: [file('limit.png', 'image/png', AVATAR_MAX_BYTES)] } });
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByText('PNG, JPEG, GIF or WebP, up to 4 MB.')).toBeInTheDocument();
  });

  it('S0-3.44 with deletion allowed and a picture, delete emits a delete event; otherwise there is no delete button', async () => {
    const { onDelete, rerender, onChange } = renderPicker({ deletable: true, src: '/uploads/jane.png' });
    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(onDelete).toHaveBeenCalledTimes(1);
    rerender(<AvatarPicker label="Profile picture" username="Jane Doe" src="/uploads/jane.png" onChange={onChange} />);
    expect(screen.queryByRole('button', { name: 'Remove' })).not.toBeInTheDocument();
    rerender(<AvatarPicker label="Profile picture" username="Jane Doe" deletable onChange={onChange} />);
    expect(screen.queryByRole('button', { name: 'Remove' })).not.toBeInTheDocument();
  });

  it('the upload button opens the file chooser; busy disables both buttons; a message from outside shows', async () => {
    const { input, rerender, onChange } = renderPicker({ src: '/uploads/jane.png', deletable: true });
    const click = vi.spyOn(input, 'click');
    await userEvent.click(screen.getByRole('button', { name: 'Change picture' }));
    expect(click).toHaveBeenCalled();
    rerender(<AvatarPicker label="Profile picture" username="Jane Doe" src="/uploads/jane.png" deletable busy error="Avatar is not an image" onChange={onChange} />);
    expect(screen.getByRole('button', { name: 'Uploading…' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Remove' })).toBeDisabled();
    expect(screen.getByRole('alert')).toHaveTextContent('Avatar is not an image');
  });
});
