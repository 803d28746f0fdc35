import { RTL_LOCALES } from '@app/shared/constants';

const en = {
  'APP.NAME': 'Relay Desk',
  'LOGIN.TITLE': 'Sign in to Relay Desk',
  'LOGIN.SUBTITLE': 'Answer every customer from one shared inbox.',
  'LOGIN.EMAIL': 'Email',
  'LOGIN.PASSWORD': 'Password',
  'LOGIN.SUBMIT': 'Sign in',
  'LOGIN.SUBMITTING': 'Signing in…',
  'LOGIN.FORGOT': 'Forgot your password?',
  'LOGIN.INVALID': 'Invalid login credentials. Please try again.',
  'LOGIN.RATE_LIMITED': 'Too many attempts. Please wait a minute and try again.',
  'LOGIN.ERROR': 'Could not sign in right now. Please try again.',
  'LOGIN.EMAIL_CONFIRMED': 'Your email address is confirmed. You can sign in now.',
  'LOGIN.CONFIRMATION_FAILED': 'That confirmation link is invalid or has expired. Sign in and ask for a new one.',
  'LOGIN.SESSION_EXPIRED': 'Your session has ended. Please sign in again.',
  'RESET_PASSWORD.TITLE': 'Reset your password',
  'RESET_PASSWORD.DESCRIPTION': 'Enter the email you sign in with and we will send you a link to choose a new password.',
  'RESET_PASSWORD.SUBMIT': 'Send reset link',
  'RESET_PASSWORD.SUBMITTING': 'Sending…',
  'RESET_PASSWORD.SENT': 'If an account exists for that email, a link to reset the password is on its way. Check your inbox.',
  'RESET_PASSWORD.BACK': 'Back to sign in',
  'SET_PASSWORD.TITLE': 'Choose a new password',
  'SET_PASSWORD.PASSWORD': 'New password',
  'SET_PASSWORD.CONFIRMATION': 'Confirm the new password',
  'SET_PASSWORD.SUBMIT': 'Save and sign in',
  'SET_PASSWORD.MISMATCH': 'The two passwords do not match.',
  'SET_PASSWORD.TOO_SHORT': 'Use at least 6 characters.',
  'SET_PASSWORD.MISSING_TOKEN': 'This link is missing its token. Ask for a new reset link.',
  'SET_PASSWORD.INVALID_TOKEN': 'This link is invalid or has expired. Ask for a new one.',
  'DASHBOARD.WELCOME': 'Welcome, {name}',
  'DASHBOARD.INTRO': 'Your shared inbox is ready. Conversations, contacts and reports arrive here as the product grows.',
  'DASHBOARD.ROLE': 'Your role in {account}: {role}',
  'DASHBOARD.SIGN_OUT': 'Sign out',
  'DASHBOARD.LOADING': 'Loading your workspace…',
  'DASHBOARD.ACCOUNTS': 'Accounts',
  'DASHBOARD.NEXT_STEPS': 'Next steps',
  'DASHBOARD.STEP_API': 'Explore the API',
  'DASHBOARD.STEP_PROFILE': 'Your API access token is in your profile; send it as the api_access_token header.',
  'APP_GLOBAL.EMAIL_NOT_VERIFIED': 'Your email address is not verified yet. Check your inbox for the confirmation link.',
  'APP_GLOBAL.RESEND_VERIFICATION': 'Resend the link',
  'APP_GLOBAL.EMAIL_VERIFICATION_SENT': 'Verification email has been sent. Please check your inbox.',
  'SIDEBAR.SWITCH_ACCOUNT': 'Switch account',
  'SIDEBAR.CURRENT_ACCOUNT': 'current',
  'CREATE_ACCOUNT.NEW_ACCOUNT': 'New account',
  'CREATE_ACCOUNT.TITLE': 'Create a new account',
  'CREATE_ACCOUNT.LABEL': 'Account name',
  'CREATE_ACCOUNT.PLACEHOLDER': 'Acme Support',
  'CREATE_ACCOUNT.SUBMIT': 'Create account',
  'CREATE_ACCOUNT.CANCEL': 'Cancel',
  'CREATE_ACCOUNT.API.SUCCESS_MESSAGE': 'Account created successfully',
  'CREATE_ACCOUNT.API.EXIST_MESSAGE': 'An account with this name already exists',
  'CREATE_ACCOUNT.API.ERROR_MESSAGE': 'Could not create the account. Please try again.',
  'SUSPENDED.TITLE': 'This account is suspended',
  'SUSPENDED.DESCRIPTION': 'Please contact the administrator of this installation to restore access.',
  'NOT_FOUND.TITLE': 'Page not found',
  'NOT_FOUND.LINK': 'Go to your dashboard',
  'ROLES.administrator': 'Administrator',
  'ROLES.agent': 'Agent',
  'ROLES.checker': 'Checker',
} as const;

export type MessageKey = keyof typeof en;
const dictionaries: Record<string, Partial<Record<MessageKey, string>>> = { en };

let locale = 'en';

export function setLocale(next: string): void {
  locale = next;
  document.documentElement.lang = next;
  document.documentElement.dir = isRtl(next) ? 'rtl' : 'ltr';
}

export const isRtl = (code: string) => (RTL_LOCALES as readonly string[]).includes(code.split('-')[0]!);

/** Looks a key up in the current locale, then in en; `{name}` placeholders take values from `vars`. */
export function t(key: MessageKey, vars: Record<string, string> = {}): string {
  const text = dictionaries[locale]?.[key] ?? en[key];
  return text.replace(/\{(\w+)\}/g, (_, name: string) => vars[name] ?? `{${name}}`);
}
