import { useMatches } from 'react-router';
import type { RouteName } from '@app/shared/permissions';
import { routeNameOf } from '../lib/routing.ts';
import { t } from '../lib/i18n/i18n.ts';
import './step-list.css';

/** One step of a wizard (000 section 3): the route that shows it, a title and a line of explanation. */
export type StepItem = { route: RouteName; title: string; body: string };

type StepState = 'completed' | 'active' | 'upcoming';

/**
 * A wizard's vertical list of numbered steps (000 section 4): the step whose route is the current route is
 * active, every step before it completed (with a checkmark), the rest upcoming. Outside the listed routes,
 * every step is upcoming.
 */
export function StepList({ items }: { items: readonly StepItem[] }) {
  const current = routeNameOf(useMatches());
  const activeIndex = items.findIndex((item) => item.route === current);
  const stateOf = (index: number): StepState =>
    activeIndex < 0 || index > activeIndex ? 'upcoming' : index === activeIndex ? 'active' : 'completed';

  return (
    <ol className="step-list">
      {items.map((item, index) => {
        const state = stateOf(index);
        return (
          <li key={item.route} className={`step-list__item step-list__item--${state}`} aria-current={state === 'active' ? 'step' : undefined}>
            <span className="step-list__marker" aria-hidden="true">
              {state === 'completed' ? (
                <svg className="step-list__check" width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" focusable="false">
                  <path d="M5 12.5l4.5 4.5L19 7.5" />
                </svg>
              ) : (
                index + 1
              )}
            </span>
            <div className="step-list__text">
              <span className="step-list__title">
                {item.title}
                {state === 'completed' ? <span className="step-list__sr"> ({t('WIDGETS.STEPS.COMPLETED')})</span> : null}
              </span>
              <span className="step-list__body">{item.body}</span>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
