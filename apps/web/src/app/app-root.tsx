import { useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { SESSION_EXPIRED_EVENT } from '../lib/api-client.ts';
import { loginPath } from '../lib/routing.ts';

const SIGNED_OUT_SCREENS = ['/app/login', '/app/auth/'];

/** The root route: when any API call finds the session gone, forget every cached answer and go to the login screen. */
export function AppRoot() {
  const navigate = useNavigate();
  const location = useLocation();
  const client = useQueryClient();
  const here = location.pathname + location.search;

  useEffect(() => {
    const onExpired = () => {
      client.clear();
      if (SIGNED_OUT_SCREENS.some((prefix) => window.location.pathname.startsWith(prefix))) return;
      navigate(loginPath({ notice: 'session_expired', redirect: here }), { replace: true });
    };
    window.addEventListener(SESSION_EXPIRED_EVENT, onExpired);
    return () => window.removeEventListener(SESSION_EXPIRED_EVENT, onExpired);
  }, [client, navigate, here]);

  return <Outlet />;
}
