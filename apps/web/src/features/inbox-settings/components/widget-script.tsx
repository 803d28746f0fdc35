import { ConfigValue } from './config-value.tsx';

/** The widget's embed script. Stands in until the shared CodeSnippet lands. */
export function WidgetScript({ label, script }: { label: string; script: string }) {
  return (
    <div className="inbox-script">
      <ConfigValue label={label} value={script} />
    </div>
  );
}
