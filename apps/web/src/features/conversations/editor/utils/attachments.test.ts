import { describe, expect, it } from 'vitest';
import { attachmentProblem, isImage } from './attachments.ts';

const MB = 1024 * 1024;
const fileOf = (name: string, type: string, size: number) => {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
};

describe('attachments', () => {
  it('S0-5.10 S0-9.07 an image of at most 4 MB is accepted', () => {
    expect(attachmentProblem(fileOf('a.png', 'image/png', 4 * MB), 0)).toBeNull();
  });

  it('S0-5.11 an image over 4 MB is refused as too large', () => {
    expect(attachmentProblem(fileOf('a.png', 'image/png', 4 * MB + 1), 0)).toBe('image_too_large');
  });

  it('S0-5.12 S0-5.14 png, jpeg, jpg, gif and webp images are accepted, other image types are not', () => {
    for (const [name, type] of [['a.png', 'image/png'], ['a.jpeg', 'image/jpeg'], ['a.jpg', 'image/jpeg'], ['a.gif', 'image/gif'], ['a.webp', 'image/webp'], ['a.jpg', '']]) {
      expect(attachmentProblem(fileOf(name!, type!, 10), 0)).toBeNull();
    }
    expect(attachmentProblem(fileOf('a.bmp', 'image/bmp', 10), 0)).toBe('image_type');
    expect(attachmentProblem(fileOf('a.svg', 'image/svg+xml', 10), 0)).toBe('image_type');
  });

  it('other files follow the message limits: 40 MB, not empty, 10 per message', () => {
    expect(isImage(fileOf('report.pdf', 'application/pdf', 10))).toBe(false);
    expect(attachmentProblem(fileOf('report.pdf', 'application/pdf', 39 * MB), 0)).toBeNull();
    expect(attachmentProblem(fileOf('report.pdf', 'application/pdf', 41 * MB), 0)).toBe('file_too_large');
    expect(attachmentProblem(fileOf('empty.txt', 'text/plain', 0), 0)).toBe('file_empty');
    expect(attachmentProblem(fileOf('a.txt', 'text/plain', 1), 10)).toBe('too_many');
  });
});
