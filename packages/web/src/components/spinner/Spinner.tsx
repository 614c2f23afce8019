import type { CSSProperties } from 'react';
import './spinner.css';

/**
 * The loading ring. antd-mobile's SpinLoading draws each frame from script, which keeps a phone's
 * main thread and compositor busy exactly while a page or a video is starting.
 */
export function Spinner({
  size = 28,
  color = 'var(--adm-color-primary)',
  label,
}: {
  size?: number;
  color?: string;
  label?: string;
}) {
  const style = { '--spinner-size': `${size}px`, '--spinner-color': color } as CSSProperties;
  return <span className="spinner" style={style} role={label ? 'status' : undefined} aria-label={label} />;
}
