// The profile feature's public surface.
export { profileRoutes } from './routes.tsx';
// How the reply editor reads the user's choices from ui_settings.
export { editorMessageKeyOf, type EditorMessageKey } from './utils/send-key.ts';
export { isSignatureEnabled, signatureFlagKey } from './utils/signature-flags.ts';
// The shell rings new messages by the user's audio alert settings.
export { useAudioAlerts } from './hooks/use-audio-alerts.ts';
// The shell keeps this browser's push registration with the signed-in user.
export { useKeepPushRegistered } from './hooks/use-browser-push.ts';
