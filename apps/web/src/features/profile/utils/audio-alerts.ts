import type { UiSettings } from '@app/shared/users';

/** Which new messages ring (ui_settings.enable_audio_alerts, as Chatwoot names it). */
export const AUDIO_ALERT_SCOPES = ['none', 'mine', 'all'] as const;
export type AudioAlertScope = (typeof AUDIO_ALERT_SCOPES)[number];

/** The tones (ui_settings.notification_tone); synthesised in the browser, so nothing is downloaded. */
export const NOTIFICATION_TONES = ['ding', 'bell', 'chime'] as const;
export type NotificationTone = (typeof NOTIFICATION_TONES)[number];

export type AudioAlertSettings = {
  scope: AudioAlertScope;
  tone: NotificationTone;
  /** Ring also while the app is the window in front (ui_settings.always_play_audio_alert). */
  alwaysPlay: boolean;
};

const oneOf = <T extends string>(list: readonly T[], value: unknown, fallback: T): T => (list.includes(value as T) ? (value as T) : fallback);

/**
 * The audio settings in ui_settings. `enable_audio_alerts` was a boolean in older Chatwoot builds (true meaning
 * every conversation); no setting means no sound. A missing tone is the ding.
 */
export function audioAlertSettingsOf(ui: UiSettings): AudioAlertSettings {
  const raw = ui['enable_audio_alerts'];
  const scope = raw === true ? 'all' : raw === false ? 'none' : oneOf(AUDIO_ALERT_SCOPES, raw, 'none');
  return { scope, tone: oneOf(NOTIFICATION_TONES, ui['notification_tone'], 'ding'), alwaysPlay: ui['always_play_audio_alert'] === true };
}

/** The ui_settings keys a change writes. */
export function audioAlertUiSettings(settings: Partial<AudioAlertSettings>): UiSettings {
  return {
    ...(settings.scope !== undefined ? { enable_audio_alerts: settings.scope } : {}),
    ...(settings.tone !== undefined ? { notification_tone: settings.tone } : {}),
    ...(settings.alwaysPlay !== undefined ? { always_play_audio_alert: settings.alwaysPlay } : {}),
  };
}

/** The parts of a message.created event the decision reads. */
export type NewMessage = { message_type?: unknown; private?: unknown; sender_type?: unknown; sender_id?: unknown; conversation?: { assignee_id?: unknown } | null };

/**
 * Whether a new message rings: only a customer's message (incoming, not a note), in any conversation
 * (`all`) or in one assigned to the user (`mine`), and only while the app is in the background unless the
 * user asked for sound always.
 */
export function shouldPlayAlert(settings: AudioAlertSettings, message: NewMessage, userId: number, appInFront: boolean): boolean {
  if (settings.scope === 'none') return false;
  if (message.message_type !== 0 || message.private === true) return false;
  if (message.sender_type === 'User' && message.sender_id === userId) return false;
  if (settings.scope === 'mine' && message.conversation?.assignee_id !== userId) return false;
  return settings.alwaysPlay || !appInFront;
}

type Partial_ = { frequency: number; gain: number };
/** Each tone: its partials (frequency in Hz, relative loudness), how long it rings, and repeats (delay in s). */
const TONES: Record<NotificationTone, { partials: Partial_[]; seconds: number; strikes: number[] }> = {
  ding: { partials: [{ frequency: 1318.5, gain: 1 }, { frequency: 2637, gain: 0.25 }], seconds: 0.6, strikes: [0] },
  bell: { partials: [{ frequency: 880, gain: 1 }, { frequency: 1760, gain: 0.5 }, { frequency: 2490, gain: 0.3 }], seconds: 1.4, strikes: [0] },
  chime: { partials: [{ frequency: 1046.5, gain: 1 }, { frequency: 2093, gain: 0.2 }], seconds: 0.5, strikes: [0, 0.18] },
};

let context: AudioContext | null = null;

/** Plays a tone; quietly nothing where the browser has no Web Audio or will not play yet. */
export async function playTone(tone: NotificationTone): Promise<void> {
  const Context = typeof window === 'undefined' ? undefined : (window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext);
  if (!Context) return;
  try {
    context ??= new Context();
    if (context.state === 'suspended') await context.resume();
    const { partials, seconds, strikes } = TONES[tone];
    strikes.forEach((delay, strike) => {
      const start = context!.currentTime + delay;
      const master = context!.createGain();
      master.gain.setValueAtTime(0.0001, start);
      master.gain.exponentialRampToValueAtTime(0.25, start + 0.01);
      master.gain.exponentialRampToValueAtTime(0.0001, start + seconds);
      master.connect(context!.destination);
      for (const { frequency, gain } of partials) {
        const oscillator = context!.createOscillator();
        const level = context!.createGain();
        oscillator.type = 'sine';
        // a chime's second strike is a fifth above the first
        oscillator.frequency.value = frequency * (strike === 1 ? 1.5 : 1);
        level.gain.value = gain;
        oscillator.connect(level).connect(master);
        oscillator.start(start);
        oscillator.stop(start + seconds + 0.05);
      }
    });
  } catch {
    // autoplay refused or no audio device: a missed ding is not an error
  }
}
