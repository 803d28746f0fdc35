import { Outlet } from 'react-router';
import { useCurrentAccount } from '../../features/auth/index.ts';
import { EmailUnverifiedBanner } from './email-unverified-banner.tsx';
import { TopBar } from './top-bar.tsx';

/** The signed-in frame around account screens: banners at the top, the top bar, then the screen. */
export function AppShell() {
  const { user } = useCurrentAccount();
  return (
    <div className="shell">
      {user.confirmed ? null : <EmailUnverifiedBanner />}
      <TopBar />
      <main className="content">
        <Outlet />
      </main>
    </div>
  );
}
