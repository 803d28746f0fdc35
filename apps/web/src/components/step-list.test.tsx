import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { named } from '../lib/routing.ts';
import { StepList, type StepItem } from './step-list.tsx';

const STEPS: readonly StepItem[] = [
  { route: 'new_portal_information', title: 'Basic information', body: 'Name and slug of the portal' },
  { route: 'portal_customization', title: 'Customization', body: 'Colours and header' },
  { route: 'portal_finish', title: 'Finish', body: 'The portal is ready' },
];

/** Mounts the list in a wizard layout whose children name themselves like the real routes do. */
function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/portals/new',
        element: (
          <div>
            <StepList items={STEPS} />
            <Outlet />
          </div>
        ),
        children: [
          { index: true, handle: named('new_portal_information'), element: <p>info</p> },
          { path: ':slug/customization', handle: named('portal_customization'), element: <p>custom</p> },
          { path: ':slug/finish', handle: named('portal_finish'), element: <p>finish</p> },
          { path: 'unnamed', element: <p>elsewhere</p> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return screen.getAllByRole('listitem');
}

const isCompleted = (item: HTMLElement) => item.querySelector('.step-list__check') !== null;

describe('wizard step list', () => {
  it('S0-3.45 shows each item as a numbered step with its title and body, in order', () => {
    const items = renderAt('/portals/new/unnamed');
    expect(screen.getByRole('list').tagName).toBe('OL');
    expect(items.map((li) => li.textContent)).toEqual([
      '1Basic informationName and slug of the portal',
      '2CustomizationColours and header',
      '3FinishThe portal is ready',
    ]);
  });

  it('S0-4.77 marks the step matching the current route as active (aria-current="step")', () => {
    const items = renderAt('/portals/new/docs/customization');
    expect(items[1]).toHaveAttribute('aria-current', 'step');
    expect(items[0]).not.toHaveAttribute('aria-current');
    expect(items[2]).not.toHaveAttribute('aria-current');
    expect(within(items[1]!).getByText('2')).toBeInTheDocument();
  });

  it('S0-4.78 marks every step before the current one as completed with a checkmark, none after it', () => {
    const items = renderAt('/portals/new/docs/finish');
    expect(items.map(isCompleted)).toEqual([true, true, false]);
    expect(items[0]).toHaveTextContent('Basic information (completed)');
    expect(items[2]).toHaveAttribute('aria-current', 'step');
    expect(within(items[2]!).getByText('3')).toBeInTheDocument();
  });

  it('the first step active leaves nothing completed', () => {
    const items = renderAt('/portals/new');
    expect(items[0]).toHaveAttribute('aria-current', 'step');
    expect(items.map(isCompleted)).toEqual([false, false, false]);
  });

  it('a route outside the list marks no step active or completed', () => {
    const items = renderAt('/portals/new/unnamed');
    expect(items.some((li) => li.hasAttribute('aria-current'))).toBe(false);
    expect(items.map(isCompleted)).toEqual([false, false, false]);
  });
});
