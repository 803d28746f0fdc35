import { describe, expect, it } from 'vitest';
import { twilioPayload, validateApi, validateTwilio, validateWhatsapp, websiteCanSubmit, type TwilioValues } from './validation.ts';

const twilio = (extra: Partial<TwilioValues> = {}): TwilioValues => ({
  name: 'T',
  medium: 'sms',
  account_sid: 'AC1',
  use_api_key: false,
  api_key_sid: '',
  auth_token: 'tok',
  phone_number: '+14155550100',
  messaging_service_sid: '',
  ...extra,
});

describe('channel validation', () => {
  it('S1-5.20 Twilio: the medium is required', () => {
    expect(validateTwilio(twilio({ medium: '' })).medium).toBe('Please choose a medium.');
    expect(validateTwilio(twilio())).toEqual({});
  });

  it('S1-5.24 Twilio: the api key SID is ignored while the option is off', () => {
    expect(validateTwilio(twilio({ api_key_sid: '' })).api_key_sid).toBeUndefined();
    expect(twilioPayload(twilio({ api_key_sid: 'SK1' })).api_key_sid).toBeNull();
    expect(twilioPayload(twilio({ use_api_key: true, api_key_sid: ' SK1 ' })).api_key_sid).toBe('SK1');
  });

  it('S1-5.25 S1-5.26 Twilio: + and digits only, or null with a messaging service SID', () => {
    expect(twilioPayload(twilio({ phone_number: ' +44 20 7946-0000 ' })).phone_number).toBe('+442079460000');
    expect(twilioPayload(twilio({ messaging_service_sid: 'MG1' })).phone_number).toBeNull();
    expect(twilioPayload(twilio({ phone_number: '', messaging_service_sid: 'MG1' })).phone_number).toBeNull();
  });

  it('S1-5.03 Website: submit depends on name and domain only', () => {
    const base = { name: 'A', website_url: 'b', widget_color: 'nonsense', welcome_title: '', welcome_tagline: '', greeting_enabled: true, greeting_message: '' };
    expect(websiteCanSubmit(base)).toBe(true);
    expect(websiteCanSubmit({ ...base, website_url: ' ' })).toBe(false);
  });

  it('S1-5.06 API: "http" prefix decides, for http and https alike', () => {
    expect(validateApi({ name: 'a', webhook_url: 'http://x' })).toEqual({});
    expect(validateApi({ name: 'a', webhook_url: 'https://x' })).toEqual({});
    expect(validateApi({ name: 'a', webhook_url: 'www.x.com' }).webhook_url).toBeDefined();
  });

  it('S1-5.31 WhatsApp: the ids are not asked of the legacy provider', () => {
    const legacy = { provider: 'default' as const, name: 'W', phone_number: '+14155550100', api_key: 'k', phone_number_id: '', business_account_id: '' };
    expect(validateWhatsapp(legacy)).toEqual({});
    expect(Object.keys(validateWhatsapp({ ...legacy, provider: 'whatsapp_cloud' })).sort()).toEqual(['business_account_id', 'phone_number_id']);
  });
});
