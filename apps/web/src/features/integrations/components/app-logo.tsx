import { StrokeIcon } from '../../../components/stroke-icon.tsx';

// One line icon per app of the catalogue; an unknown app gets its initial.
const PATHS: Record<string, string> = {
  webhook: 'M18 16.98h-5.99c-1.1 0-1.95.94-2.48 1.9A4 4 0 0 1 2 17c.01-.7.2-1.4.57-2M6 17l3.13-5.78c.53-.97.1-2.18-.5-3.1a4 4 0 1 1 6.89-4.06M12 6l3.13 5.73C15.66 12.7 16.9 13 18 13a4 4 0 0 1 0 8',
  dashboard_apps: 'M3 3h7v9H3zM14 3h7v5h-7zM14 12h7v9h-7zM3 16h7v5H3z',
  slack: 'M14.5 10a1.5 1.5 0 0 1-1.5-1.5v-5a1.5 1.5 0 0 1 3 0v5a1.5 1.5 0 0 1-1.5 1.5zM20.5 10H19V8.5a1.5 1.5 0 1 1 1.5 1.5zM9.5 14a1.5 1.5 0 0 1 1.5 1.5v5a1.5 1.5 0 0 1-3 0v-5A1.5 1.5 0 0 1 9.5 14zM3.5 14H5v1.5A1.5 1.5 0 1 1 3.5 14zM14 14.5a1.5 1.5 0 0 1 1.5-1.5h5a1.5 1.5 0 0 1 0 3h-5a1.5 1.5 0 0 1-1.5-1.5zM15.5 19H14v1.5a1.5 1.5 0 1 0 1.5-1.5zM10 9.5A1.5 1.5 0 0 1 8.5 11h-5a1.5 1.5 0 0 1 0-3h5A1.5 1.5 0 0 1 10 9.5zM8.5 5H10V3.5A1.5 1.5 0 1 0 8.5 5z',
  openai: 'M12 3l7.8 4.5v9L12 21l-7.8-4.5v-9zM12 12l7.8-4.5M12 12v9M12 12L4.2 7.5',
  google_translate: 'M5 8l6 6M4 14l6-6 2-3M2 5h12M7 2h1M22 22l-5-10-5 10M14 18h6',
  dialogflow: 'M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2zM8 10h.01M12 10h.01M16 10h.01',
  dyte: 'M23 7l-7 5 7 5V7zM1 5h15v14H1z',
};

/** The tile beside an app's name. */
export function AppLogo({ id, name }: { id: string; name: string }) {
  const path = PATHS[id];
  return (
    <span className={`app-logo app-logo--${id}`} aria-hidden="true">
      {path ? <StrokeIcon d={path} size={22} className="app-logo__icon" strokeWidth={1.8} /> : name.charAt(0)}
    </span>
  );
}
