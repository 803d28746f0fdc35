import { describe, expect, it } from 'vitest';
import { makeMessage } from '../testing/fixtures.ts';
import { plainText, previewOf, shortTime, unreadLabel } from './format.ts';

describe('formatting', () => {
  it('S0-4.43 S0-9.26 the unread badge shows 99+ from 100', () => {
    expect(unreadLabel(99)).toBe('99');
    expect(unreadLabel(100)).toBe('99+');
  });

  it('a card time is compact: now, minutes, hours, days, then the date', () => {
    const now = Date.UTC(2024, 4, 14, 10, 0) ;
    const s = now / 1000;
    expect(shortTime(s - 20, now)).toBe('now');
    expect(shortTime(s - 5 * 60, now)).toBe('5m');
    expect(shortTime(s - 3 * 3600, now)).toBe('3h');
    expect(shortTime(s - 2 * 86_400, now)).toBe('2d');
    expect(shortTime(s - 30 * 86_400, now)).toMatch(/Apr/);
  });

  it('a preview reads mentions as @names and says what an attachment is', () => {
    expect(plainText('Ping [@Sam](mention://user/2/Sam) **now**')).toBe('Ping @Sam now');
    expect(previewOf(makeMessage(1, 1, { content: null, attachments: [{ id: 1, message_id: 1, file_type: 'image', account_id: 7, extension: 'png', data_url: '/a.png', thumb_url: '/a.png', file_size: 10, file_name: 'a.png' }] }))).toBe('Picture');
    expect(previewOf(makeMessage(1, 1, { content_attributes: { deleted: true } }))).toBe('This message was deleted');
    expect(previewOf(null)).toBe('No messages yet');
  });
});
