import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { CodeSnippet } from './code-snippet.tsx';

const SCRIPT = `
    <script>

      window.run();
    </script>
`;
const CLEAN = '<script>\n  window.run();\n</script>';

function stubClipboard(writeText: (text: string) => Promise<void>) {
  const spy = vi.fn(writeText);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText: spy }, configurable: true });
  return spy;
}

afterEach(() => {
  vi.useRealTimers();
  Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
  Reflect.deleteProperty(document, 'execCommand');
});

describe('CodeSnippet', () => {
  it('shows the code in a labelled block, cleaned (S0-5.42, S0-5.43)', () => {
    render(<CodeSnippet code={SCRIPT} language="html" label="Widget script" />);
    const block = screen.getByLabelText('Widget script');
    expect(block.tagName).toBe('PRE');
    expect(block.textContent).toBe(CLEAN);
  });

  it('S0-3.41 defaults: javascript, no playground, and a playground title naming the chat product', () => {
    const { container, rerender } = render(<CodeSnippet code="run();" />);
    expect(container.querySelector('pre')).toHaveAttribute('data-language', 'javascript');
    expect(screen.queryByRole('button', { name: 'Open in CodePen' })).toBeNull();
    rerender(<CodeSnippet code="run();" playground />);
    const data = container.querySelector<HTMLInputElement>('input[name="data"]')!;
    expect(JSON.parse(data.value)).toEqual({ title: 'Relay Desk chat playground', private: true, js: 'run();' });
  });

  it('S0-5.44 shows no code block when the code is empty or blank', () => {
    const { container } = render(<CodeSnippet code={'  \n\n '} />);
    expect(container.querySelector('pre')).toBeNull();
    expect(screen.getByRole('button', { name: 'Copy' })).toBeDisabled();
  });

  it('S0-4.79 the copy button copies the cleaned code and says "Copied" for a moment', async () => {
    const writeText = stubClipboard(async () => {});
    render(<CodeSnippet code={SCRIPT} language="html" />);
    vi.useFakeTimers();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    });
    expect(writeText).toHaveBeenCalledWith(CLEAN);
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Copied to the clipboard');
    await act(async () => {
      vi.advanceTimersByTime(2100);
    });
    expect(screen.getByRole('button', { name: 'Copy' })).toBeInTheDocument();
  });

  it('falls back to execCommand when the Clipboard API refuses', async () => {
    stubClipboard(() => Promise.reject(new Error('denied')));
    const exec = vi.fn(() => true);
    Object.defineProperty(document, 'execCommand', { value: exec, configurable: true });
    render(<CodeSnippet code="run();" />);
    await userEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(exec).toHaveBeenCalledWith('copy');
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument();
  });

  it('when no copy works, selects the code and tells the user to copy it by hand', async () => {
    Object.defineProperty(document, 'execCommand', { value: vi.fn(() => false), configurable: true });
    render(<CodeSnippet code="run();" />);
    await userEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(screen.getByRole('status')).toHaveTextContent(/press Ctrl\+C/);
    expect(window.getSelection()?.toString()).toBe('run();');
  });

  it('S0-4.81 shows the playground button only when enabled', () => {
    const { rerender } = render(<CodeSnippet code="run();" />);
    expect(screen.queryByRole('button', { name: 'Open in CodePen' })).toBeNull();
    rerender(<CodeSnippet code="run();" playground />);
    expect(screen.getByRole('button', { name: 'Open in CodePen' })).toBeInTheDocument();
  });

  it('S0-4.80 the playground button posts a form to a new tab with the data field (S0-7.51)', () => {
    render(<CodeSnippet code={'  run();'} playground playgroundTitle="Try it" />);
    const form = screen.getByRole('button', { name: 'Open in CodePen' }).closest('form')!;
    expect(form).toHaveAttribute('method', 'post');
    expect(form).toHaveAttribute('target', '_blank');
    expect(form.action).toBe('https://codepen.io/pen/define');
    const data = form.querySelector<HTMLInputElement>('input[name="data"]')!;
    expect(data.type).toBe('hidden');
    expect(JSON.parse(data.value)).toEqual({ title: 'Try it', private: true, js: 'run();' });
  });

  it('highlights tokens in spans without changing the text', () => {
    const { container } = render(<CodeSnippet code={'var a = "b";'} language="js" />);
    expect(container.querySelector('.code-snippet__keyword')).toHaveTextContent('var');
    expect(container.querySelector('.code-snippet__string')).toHaveTextContent('"b"');
    expect(container.querySelector('code')!.textContent).toBe('var a = "b";');
  });
});
