import { describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import { cableBus } from '../../../lib/realtime/cable-bus.ts';
import { wireEvent } from '../../../lib/realtime/fake-cable.ts';
import { useAudioAlerts } from '../hooks/use-audio-alerts.ts';
import { maskToken } from './access-token.ts';
import { audioAlertSettingsOf, audioAlertUiSettings, shouldPlayAlert, type AudioAlertSettings } from './audio-alerts.ts';
import { applicationServerKey, pushSupport, subscriptionKeys } from './browser-push.ts';
import { toggledFlags } from './notification-flags.ts';

const incoming = (assigneeId: number | null = null) => ({ message_type: 0, private: false, sender_type: 'Contact', sender_id: 4, conversation: { assignee_id: assigneeId } });
const settings = (over: Partial<AudioAlertSettings> = {}): AudioAlertSettings => ({ scope: 'all', tone: 'ding', alwaysPlay: false, ...over });

describe('audio alert settings', () => {
  it('reads Chatwoot’s ui_settings keys, the old boolean form too, with no sound and the ding by default', () => {
    expect(audioAlertSettingsOf({})).toEqual({ scope: 'none', tone: 'ding', alwaysPlay: false });
    expect(audioAlertSettingsOf({ enable_audio_alerts: 'mine', notification_tone: 'bell', always_play_audio_alert: true })).toEqual({
      scope: 'mine',
      tone: 'bell',
      alwaysPlay: true,
    });
    expect(audioAlertSettingsOf({ enable_audio_alerts: true }).scope).toBe('all');
    expect(audioAlertSettingsOf({ enable_audio_alerts: 'loud', notification_tone: 'siren' })).toMatchObject({ scope: 'none', tone: 'ding' });
    expect(audioAlertUiSettings({ scope: 'all' })).toEqual({ enable_audio_alerts: 'all' });
    expect(audioAlertUiSettings({ tone: 'chime', alwaysPlay: false })).toEqual({ notification_tone: 'chime', always_play_audio_alert: false });
  });

  it('rings for a customer message only, in the chosen conversations, and in front only when asked', () => {
    expect(shouldPlayAlert(settings({ scope: 'none' }), incoming(), 1, false)).toBe(false);
    expect(shouldPlayAlert(settings(), incoming(), 1, false)).toBe(true);
    // outgoing replies, notes and activity messages do not ring
    expect(shouldPlayAlert(settings(), { ...incoming(), message_type: 1 }, 1, false)).toBe(false);
    expect(shouldPlayAlert(settings(), { ...incoming(), private: true }, 1, false)).toBe(false);
    expect(shouldPlayAlert(settings(), { ...incoming(), message_type: 2 }, 1, false)).toBe(false);
    // mine: only conversations assigned to the user
    expect(shouldPlayAlert(settings({ scope: 'mine' }), incoming(2), 1, false)).toBe(false);
    expect(shouldPlayAlert(settings({ scope: 'mine' }), incoming(1), 1, false)).toBe(true);
    // while the app is in front, only with always play
    expect(shouldPlayAlert(settings(), incoming(), 1, true)).toBe(false);
    expect(shouldPlayAlert(settings({ alwaysPlay: true }), incoming(), 1, true)).toBe(true);
  });

  it('useAudioAlerts plays the chosen tone on message.created, once for a burst', () => {
    const play = vi.fn(async () => undefined);
    renderHook(() => useAudioAlerts(1, { enable_audio_alerts: 'mine', notification_tone: 'bell', always_play_audio_alert: true }, play));
    cableBus.emitEvent(wireEvent('message.created', incoming(2), 1));
    expect(play).not.toHaveBeenCalled();
    cableBus.emitEvent(wireEvent('conversation.updated', incoming(1), 2));
    expect(play).not.toHaveBeenCalled();
    cableBus.emitEvent(wireEvent('message.created', incoming(1), 3));
    cableBus.emitEvent(wireEvent('message.created', incoming(1), 4));
    expect(play).toHaveBeenCalledTimes(1);
    expect(play).toHaveBeenCalledWith('bell');
  });
});

describe('notification flags', () => {
  it('S1-3.36 a ticked box adds its flag and an unticked one removes it; flags the page does not show are kept', () => {
    const selected = ['email_conversation_assignment', 'email_sla_missed_first_response'];
    expect(toggledFlags(selected, 'email', 'conversation_mention', true)).toEqual([...selected, 'email_conversation_mention']);
    expect(toggledFlags(selected, 'email', 'conversation_assignment', false)).toEqual(['email_sla_missed_first_response']);
    expect(toggledFlags([], 'push', 'conversation_creation', true)).toEqual(['push_conversation_creation']);
  });
});

describe('access token and push helpers', () => {
  it('masks all but the last four characters of the token', () => {
    expect(maskToken('abcdefghijklmnopqrstuvwx1234')).toBe(`${'•'.repeat(24)}1234`);
    expect(maskToken('abc')).toBe('•••');
  });

  it('S0-3.20 turns a browser subscription into endpoint, p256dh and auth, and a VAPID key into bytes', () => {
    const keys = subscriptionKeys({ toJSON: () => ({ endpoint: 'https://push.example/e1', keys: { p256dh: 'BP-key', auth: 'au_th' } }) });
    expect(keys).toEqual({ endpoint: 'https://push.example/e1', p256dh: 'BP-key', auth: 'au_th' });
    expect([...applicationServerKey('AQID_-8')]).toEqual([1, 2, 3, 255, 239]);
    expect(pushSupport({})).toBe('no-notifications');
    expect(pushSupport({ Notification: { permission: 'default', requestPermission: async () => 'granted' } })).toBe('no-push');
  });
});
