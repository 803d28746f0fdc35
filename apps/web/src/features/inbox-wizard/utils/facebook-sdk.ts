// The Facebook JavaScript SDK, loaded on demand from Facebook (it cannot be bundled). Only the login call is used.

type LoginResponse = { status?: string; authResponse?: { accessToken?: string } | null };
type FacebookSdk = {
  init: (options: { appId: string; xfbml: boolean; version: string }) => void;
  login: (callback: (response: LoginResponse) => void, options: { scope: string }) => void;
};

declare global {
  interface Window {
    FB?: FacebookSdk;
  }
}

const SDK_URL = 'https://connect.facebook.net/en_US/sdk.js';
const GRAPH_VERSION = 'v19.0';
let loading: Promise<FacebookSdk> | null = null;

/** Loads and initialises the SDK once; rejects when the script cannot be loaded (blocked, offline). */
export function loadFacebookSdk(appId: string): Promise<FacebookSdk> {
  loading ??= new Promise<FacebookSdk>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SDK_URL;
    script.async = true;
    script.onload = () => {
      if (!window.FB) return reject(new Error('Facebook SDK missing'));
      window.FB.init({ appId, xfbml: false, version: GRAPH_VERSION });
      resolve(window.FB);
    };
    script.onerror = () => reject(new Error('Facebook SDK did not load'));
    document.head.appendChild(script);
  }).catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/** Logs in with the scopes asked for; answers the user access token, or throws with the login status. */
export async function facebookLogin(sdk: FacebookSdk, scopes: readonly string[]): Promise<string> {
  const response = await new Promise<LoginResponse>((resolve) => sdk.login(resolve, { scope: scopes.join(',') }));
  const token = response.authResponse?.accessToken;
  if (response.status === 'connected' && token) return token;
  throw Object.assign(new Error('Facebook login failed'), { status: response.status ?? 'unknown' });
}

/** What the Facebook form calls: an object, so tests replace its members with spies (the SDK cannot load in jsdom). */
export const facebookSdk = { load: loadFacebookSdk, login: facebookLogin };
