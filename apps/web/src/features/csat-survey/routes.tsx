import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { LazyScreen } from '../../components/lazy-screen.tsx';

const SurveyPage = lazy(() => import('./pages/survey-page.tsx').then((module) => ({ default: module.SurveyPage })));

/** The public survey page, outside /app and the account guard: no session needed (its own chunk). */
export const csatSurveyRoutes: RouteObject[] = [
  {
    // csatSurveyPath(':uuid') of @app/shared/csat, spelled out: importing that module here pulled zod (90 KB gzip)
    // into the entry chunk of every screen
    path: '/survey/responses/:uuid',
    element: (
      <LazyScreen>
        <SurveyPage />
      </LazyScreen>
    ),
  },
];
