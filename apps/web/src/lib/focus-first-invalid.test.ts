import { afterEach, describe, expect, it } from 'vitest';
import { focusFirstInvalid } from './focus-first-invalid.ts';

const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));

const form = () => {
  document.body.innerHTML = `
    <form>
      <input id="name" aria-invalid="true" />
      <input id="url" aria-invalid="true" />
      <button id="save" type="submit">Save</button>
    </form>`;
  return document.querySelector('form')!;
};

describe('focusFirstInvalid', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('moves the focus from the submit button to the first invalid field on the next frame', async () => {
    const container = form();
    document.getElementById('save')!.focus();
    focusFirstInvalid(() => container);
    expect(document.activeElement?.id).toBe('save');
    await nextFrame();
    expect(document.activeElement?.id).toBe('name');
  });

  it('leaves the focus alone when the person moved to a field before the frame (typing must not jump fields)', async () => {
    const container = form();
    document.getElementById('save')!.focus();
    focusFirstInvalid(() => container);
    const name = document.getElementById('name') as HTMLInputElement;
    name.focus();
    name.removeAttribute('aria-invalid'); // their first keystroke made it valid; the URL is still refused
    await nextFrame();
    expect(document.activeElement?.id).toBe('name');
  });
});
