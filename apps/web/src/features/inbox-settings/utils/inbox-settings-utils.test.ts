import { describe, expect, it } from 'vitest';
import { DEFAULT_WORKING_HOURS } from '@app/shared/inboxes';
import { makeInbox } from '../../../test/fixtures.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { credentialChanges, credentialValues, CREDENTIAL_FIELDS, validateCredentials } from './credentials.ts';
import { readSaveError, validateAssignmentLimit, validateWebhookUrl, validateWorkingHours } from './inbox-validation.ts';
import { choicesOf, listsOf } from './members.ts';
import { tabsFor } from './channel.ts';
import { closeDay, openDay, weekOf } from './working-hours.ts';

describe('inbox settings rules', () => {
  it('the webhook URL is optional and otherwise must start with http and parse', () => {
    expect(validateWebhookUrl('')).toEqual({});
    expect(validateWebhookUrl('https://acme.com/hook')).toEqual({});
    expect(validateWebhookUrl('ftp://acme.com')).toHaveProperty(['channel.webhook_url']);
    expect(validateWebhookUrl('http//nope')).toHaveProperty(['channel.webhook_url']);
  });

  it('the assignment limit is empty or a whole number from 1', () => {
    expect(validateAssignmentLimit('')).toEqual({});
    expect(validateAssignmentLimit('3')).toEqual({});
    for (const bad of ['0', '-1', '2.5', 'ten']) expect(validateAssignmentLimit(bad)).not.toEqual({});
  });

  it('an open day needs both times, closing after opening; closed and all-day days need none', () => {
    const [sunday, monday] = [DEFAULT_WORKING_HOURS[0]!, DEFAULT_WORKING_HOURS[1]!];
    expect(validateWorkingHours(DEFAULT_WORKING_HOURS)).toEqual({});
    expect(validateWorkingHours([{ ...monday, close_hour: 9, close_minutes: 0 }])).toEqual({ 'working_hours.1': 'The closing time must be after the opening time.' });
    expect(validateWorkingHours([{ ...monday, open_hour: null }])).toEqual({ 'working_hours.1': 'Please enter an opening and a closing time.' });
    expect(validateWorkingHours([{ ...sunday, open_all_day: true, closed_all_day: false }])).toEqual({});
  });

  it('the week is seven days from Monday; opening a day starts at 9 to 17, closing clears its hours', () => {
    const week = weekOf([]);
    expect(week.map((d) => d.day_of_week)).toEqual([1, 2, 3, 4, 5, 6, 0]);
    expect(week.every((d) => d.closed_all_day)).toBe(true);
    expect(openDay(week[0]!)).toMatchObject({ closed_all_day: false, open_hour: 9, close_hour: 17 });
    expect(closeDay(openDay(week[0]!))).toMatchObject({ closed_all_day: true, open_hour: null, close_hour: null });
  });

  it('member lists: flags only for members, ids sorted', () => {
    const lists = listsOf({ 5: { member: true, leader: true, viewData: false }, 2: { member: true, leader: false, viewData: true }, 9: { member: false, leader: true, viewData: true } });
    expect(lists).toEqual({ user_ids: [2, 5], team_leader_ids: [5], view_data_ids: [2] });
    expect(choicesOf([])).toEqual({});
  });

  it('Facebook and Twitter inboxes have no configuration tab; the bot tab needs the agent_bots feature', () => {
    expect(tabsFor({ channel_type: 'Channel::FacebookPage' }, true)).toEqual(['settings', 'collaborators', 'business-hours', 'bot']);
    expect(tabsFor({ channel_type: 'Channel::Api' }, false)).toEqual(['settings', 'collaborators', 'configuration', 'business-hours']);
  });

  it('WhatsApp credentials: E.164 phone, api key; the cloud provider also needs numeric ids', () => {
    const fields = CREDENTIAL_FIELDS['Channel::Whatsapp']!;
    const values = { phone_number: '+44 20 7946 0000', api_key: 'k', phone_number_id: '', business_account_id: '' };
    expect(validateCredentials({ provider: 'default' }, fields, values)).toEqual({});
    expect(validateCredentials({ provider: 'whatsapp_cloud' }, fields, values)).toEqual({
      'channel.provider_config.phone_number_id': 'This field is required.',
      'channel.provider_config.business_account_id': 'This field is required.',
    });
    expect(validateCredentials({ provider: 'whatsapp_cloud' }, fields, { ...values, phone_number: '0044', phone_number_id: 'abc', business_account_id: '12' })).toEqual({
      'channel.phone_number': 'Please enter the number in E.164 format, such as +14155550123.',
      'channel.provider_config.phone_number_id': 'Please enter digits only.',
    });
  });

  it('SMS numbers must start with +; only changed credentials are sent and an empty stored secret is kept', () => {
    const sms = CREDENTIAL_FIELDS['Channel::Sms']!;
    expect(validateCredentials({ provider: 'bandwidth' }, sms, { phone_number: '15550001111', api_key: 'a', api_secret: 'b', application_id: 'c', account_id: 'd' })).toEqual({
      'channel.phone_number': 'The number must start with +.',
    });
    const inbox = makeInbox(1, 'SMS', { channel_type: 'Channel::Sms', phone_number: '+15550001111', provider_config: { api_key: 'a', api_secret: 'b', application_id: 'c', account_id: 'd' } });
    const before = credentialValues(inbox, sms);
    expect(credentialChanges(sms, before, { ...before, api_secret: 'new' })).toEqual({ provider_config: { api_secret: 'new' } });
    const line = CREDENTIAL_FIELDS['Channel::Line']!;
    const lineBefore = { line_channel_id: '123', line_channel_secret: '', line_channel_token: '' };
    expect(credentialChanges(line, lineBefore, { ...lineBefore, line_channel_token: 'tok' })).toEqual({ line_channel_token: 'tok' });
    expect(credentialChanges(line, lineBefore, lineBefore)).toEqual({});
  });

  it("a 422 is placed under the form's fields with their label; other failures are one message", () => {
    const labels = { name: 'INBOX_MGMT.ADD.NAME.LABEL' } as const;
    const placed = readSaveError(new ApiError(422, { message: 'Name must not be blank', errors: { name: ['must not be blank'] } }), labels);
    expect(placed).toEqual({ fields: { name: 'Inbox name must not be blank' }, message: null });
    const other = readSaveError(new ApiError(422, { message: 'Timezone is not a valid time zone', errors: { timezone: ['is not a valid time zone'] } }), labels);
    expect(other).toEqual({ fields: {}, message: 'Timezone is not a valid time zone' });
    const nested = readSaveError(new ApiError(422, { message: 'x', errors: { 'working_hours.0.close_hour': ['must be after the opening time'] } }), { working_hours: 'INBOX_MGMT.BUSINESS_HOURS.WEEKLY' });
    expect(nested.fields).toEqual({ working_hours: 'Weekly hours must be after the opening time' });
    expect(readSaveError(new ApiError(500, {}), labels).message).toBe('Could not update the inbox. Please try again.');
  });
});
