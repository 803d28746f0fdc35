export function Spinner({ size = 'medium' }: { size?: 'small' | 'medium' }) {
  return <span className={`spinner${size === 'small' ? ' spinner--small' : ''}`} aria-hidden="true" />;
}
