import { useRef } from 'react';
import type { UiSettings } from '@app/shared/users';
import { useCableEvent } from '../../../lib/realtime/index.ts';
import { audioAlertSettingsOf, playTone, shouldPlayAlert } from '../utils/audio-alerts.ts';

/** Two messages in quick succession ring once. */
export const ALERT_GAP_MS = 2_000;

const appInFront = () => document.visibilityState === 'visible' && document.hasFocus();

/**
 * Rings the user's tone on message.created when their audio alert settings say so (shouldPlayAlert). The
 * app shell mounts it once per account, beside the other realtime hooks.
 */
export function useAudioAlerts(userId: number, uiSettings: UiSettings, play: typeof playTone = playTone): void {
  const last = useRef(0);
  const settings = audioAlertSettingsOf(uiSettings);
  useCableEvent(({ event, data }) => {
    if (event !== 'message.created') return;
    if (!shouldPlayAlert(settings, data, userId, appInFront())) return;
    const now = Date.now();
    if (now - last.current < ALERT_GAP_MS) return;
    last.current = now;
    void play(settings.tone);
  });
}
