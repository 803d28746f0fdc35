import type { SettingsMessages } from './en-settings.ts';
import type { FilterBuilderMessages } from './en-filter-builder.ts';
import type { ListToolsMessages } from './en-list-tools.ts';
import type { SearchMessages } from './en-search.ts';
import type { PaymentsMessages } from './en-payments.ts';
import type { ConversationSummariesMessages } from './en-conversation-summaries.ts';
import type { PaymentOcrMessages } from './en-payment-ocr.ts';
import type { ContactsMessages } from './en-contacts.ts';
import type { CsatSurveyMessages } from './en-csat-survey.ts';
import type { ReportsMessages } from './en-reports.ts';
import { settingsEn } from './en/settings.ts';
import { conversationsEn } from './en/conversations.ts';
import { notificationsEn } from './en/notifications.ts';
import { profileEn } from './en/profile.ts';
import { shellEn } from './en/shell.ts';
import { widgetsEn } from './en/widgets.ts';

/** Strings of the auth, account and error screens. */
const coreEn = {
  'APP.NAME': 'Relay Desk',
  'APP.TAGLINE': 'Customer support, one shared inbox',

  'LOGIN.TITLE': 'Sign in to Relay Desk',
  'LOGIN.SUBTITLE': 'Answer every customer from one shared inbox.',
  'LOGIN.EMAIL': 'Email',
  'LOGIN.EMAIL_PLACEHOLDER': 'you@company.com',
  'LOGIN.PASSWORD': 'Password',
  'LOGIN.SUBMIT': 'Sign in',
  'LOGIN.SUBMITTING': 'Signing in…',
  'LOGIN.FORGOT': 'Forgot your password?',
  'LOGIN.INVALID': 'Invalid login credentials. Please try again.',
  'LOGIN.RATE_LIMITED': 'Too many attempts. Please wait a minute and try again.',
  'LOGIN.ERROR': 'Could not reach the server. Please try again.',
  'LOGIN.EMAIL_CONFIRMED': 'Your email address is confirmed. You can sign in now.',
  'LOGIN.CONFIRMATION_FAILED': 'That confirmation link is invalid or has expired. Sign in and ask for a new one.',
  'LOGIN.SESSION_EXPIRED': 'Your session has ended. Please sign in again.',
  'LOGIN.NO_ACCOUNT_TITLE': 'You are not part of any account yet',
  'LOGIN.NO_ACCOUNT_DESCRIPTION': 'Ask an administrator to invite you, or create a new account of your own.',

  'RESET_PASSWORD.TITLE': 'Reset your password',
  'RESET_PASSWORD.DESCRIPTION': 'Enter the email you sign in with and we will send you a link to choose a new password.',
  'RESET_PASSWORD.SUBMIT': 'Send reset link',
  'RESET_PASSWORD.SUBMITTING': 'Sending…',
  'RESET_PASSWORD.SENT': 'If an account exists for that email, a link to reset the password is on its way. Check your inbox.',
  'RESET_PASSWORD.BACK': 'Back to sign in',
  'RESET_PASSWORD.REQUEST_NEW': 'Request a new link',

  'SET_PASSWORD.TITLE': 'Choose a new password',
  'SET_PASSWORD.SUBTITLE': 'Use at least 6 characters. You will be signed in right after.',
  'SET_PASSWORD.PASSWORD': 'New password',
  'SET_PASSWORD.CONFIRMATION': 'Confirm the new password',
  'SET_PASSWORD.SUBMIT': 'Save and sign in',
  'SET_PASSWORD.SUBMITTING': 'Saving…',
  'SET_PASSWORD.MISMATCH': 'The two passwords do not match.',
  'SET_PASSWORD.TOO_SHORT': 'Use at least 6 characters.',
  'SET_PASSWORD.MISSING_TOKEN': 'This link is missing its token. Ask for a new reset link.',
  'SET_PASSWORD.INVALID_TOKEN': 'This link is invalid or has expired.',

  'DASHBOARD.SIGN_OUT': 'Sign out',
  'DASHBOARD.LOADING': 'Loading your workspace…',
  'DASHBOARD.LOAD_ERROR': 'We could not load your workspace.',
  'DASHBOARD.RETRY': 'Try again',

  'APP_GLOBAL.EMAIL_NOT_VERIFIED': 'Your email address is not verified yet. Check your inbox for the confirmation link.',
  'APP_GLOBAL.RESEND_VERIFICATION': 'Resend the link',
  'APP_GLOBAL.EMAIL_VERIFICATION_SENT': 'Verification email has been sent. Please check your inbox.',
  'APP_GLOBAL.EMAIL_VERIFICATION_ERROR': 'Could not send the verification email. Please try again later.',
  'APP_GLOBAL.CLOSE': 'Close',
  'APP_GLOBAL.DISMISS': 'Dismiss',

  'SIDEBAR.SWITCH_ACCOUNT': 'Switch account',
  'SIDEBAR.ACCOUNTS': 'Your accounts',
  'SIDEBAR.CURRENT_ACCOUNT': 'Current',
  'SIDEBAR.SWITCH_ERROR': 'Could not switch the account. Please try again.',

  'CREATE_ACCOUNT.NEW_ACCOUNT': 'New account',
  'CREATE_ACCOUNT.TITLE': 'Create a new account',
  'CREATE_ACCOUNT.DESCRIPTION': 'You become the administrator of the new account.',
  'CREATE_ACCOUNT.LABEL': 'Account name',
  'CREATE_ACCOUNT.PLACEHOLDER': 'Acme Support',
  'CREATE_ACCOUNT.SUBMIT': 'Create account',
  'CREATE_ACCOUNT.SUBMITTING': 'Creating…',
  'CREATE_ACCOUNT.CANCEL': 'Cancel',
  'CREATE_ACCOUNT.API.SUCCESS_MESSAGE': 'Account created successfully',
  'CREATE_ACCOUNT.API.EXIST_MESSAGE': 'An account with this name already exists',
  'CREATE_ACCOUNT.API.ERROR_MESSAGE': 'Could not create the account. Please try again.',

  'SUSPENDED.TITLE': 'This account is suspended',
  'SUSPENDED.DESCRIPTION': 'Access to {account} has been suspended. Please contact the administrator of this installation to restore it.',

  'NOT_FOUND.TITLE': 'Page not found',
  'NOT_FOUND.DESCRIPTION': 'The page you asked for does not exist or has moved.',
  'NOT_FOUND.LINK': 'Go to your dashboard',

  'ROLES.administrator': 'Administrator',
  'ROLES.agent': 'Agent',
  'ROLES.checker': 'Checker',
} as const;

/**
 * The en dictionary: every string the app shows, one file per area under en/ (keys are prefixed by area,
 * so the parts never collide). Keys follow Chatwoot's where the spec names them. These are the strings every
 * screen may need, in the entry chunk; the settings screens' strings are a chunk of their own
 * (`./en-settings.ts`), loaded with the first settings screen (`loadSettingsMessages` in ../i18n.ts).
 */
export const en = { ...coreEn, ...shellEn, ...profileEn, ...conversationsEn, ...notificationsEn, ...widgetsEn, ...settingsEn } as const;

export type MessageKey = keyof typeof en | keyof SettingsMessages
  | keyof ConversationSummariesMessages
  | keyof FilterBuilderMessages
  | keyof ListToolsMessages
  | keyof SearchMessages
  | keyof PaymentOcrMessages
  | keyof PaymentsMessages
  | keyof ContactsMessages
  | keyof CsatSurveyMessages
  | keyof ReportsMessages;
