import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { csatSurveyPath } from '@app/shared/csat';
import { LazyScreen } from '../../components/lazy-screen.tsx';

const SurveyPage = lazy(() => import('./pages/survey-page.tsx').then((module) => ({ default: module.SurveyPage })));

/** The public survey page, outside /app and the account guard: no session needed (its own chunk). */
export const csatSurveyRoutes: RouteObject[] = [
  {
    path: csatSurveyPath(':uuid'),
    element: (
      <LazyScreen>
        <SurveyPage />
      </LazyScreen>
    ),
  },
];
