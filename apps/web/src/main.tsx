import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { DEFAULT_LOCALE } from '@app/shared/constants';
import { Providers } from './app/providers.tsx';
import { createRouter } from './app/router.tsx';
import { setLocale } from './lib/i18n/i18n.ts';
import './app/styles.css';

// en until an account is open; the account's locale takes over there.
setLocale(DEFAULT_LOCALE);
const router = createRouter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
