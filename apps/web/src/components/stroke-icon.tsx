/**
 * A line icon: one SVG path on a 24×24 grid, stroked in the text colour. Decorative only (aria-hidden):
 * the control around it carries the name. Each feature keeps its own set of paths.
 */
export function StrokeIcon({ d, size, className, strokeWidth }: { d: string; size: number; className: string; strokeWidth: number }) {
  return (
    <svg
      className={className}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={d} />
    </svg>
  );
}
