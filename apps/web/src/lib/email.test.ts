import { describe, expect, it } from 'vitest';
import { TranscriptBodySchema } from '@app/shared/conversations';
import { isEmail } from './email.ts';

const SAMPLES = [
  'boss@example.com',
  '  Boss@Example.COM ',
  'first.last+tag@mail.example.co.uk',
  "o'neil@example.org",
  'a@b.io',
  'not-an-email',
  '',
  ' ',
  'a@b',
  'a@b.c',
  '.a@example.com',
  'a.@example.com',
  'a..b@example.com',
  'a@-example.com',
  'a@example..com',
  'a b@example.com',
  'a@exa_mple.com',
  'ünï@example.com',
  'a@example.com.',
  '@example.com',
];

describe('isEmail', () => {
  it('accepts exactly what the transcript schema accepts', () => {
    for (const email of SAMPLES) expect([email, isEmail(email)]).toEqual([email, TranscriptBodySchema.safeParse({ email }).success]);
  });
});
