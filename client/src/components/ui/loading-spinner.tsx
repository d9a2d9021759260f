import { messages } from '@/config/messages';
import { classNames } from './class-names';
import s from './loading-spinner.module.css';

const GEAR_PATH =
  'M27.6 4h-3.2l-1 5.1a15 15 0 0 0-4.3 1.8l-4.3-3-2.3 2.3 3 4.3a15 15 0 0 0-1.8 4.3L8.6 19.8v3.2l5.1 1a15 15 0 0 0 1.8 4.3l-3 4.3 2.3 2.3 4.3-3a15 15 0 0 0 4.3 1.8l1 5.1h3.2l1-5.1a15 15 0 0 0 4.3-1.8l4.3 3 2.3-2.3-3-4.3a15 15 0 0 0 1.8-4.3l5.1-1v-3.2l-5.1-1a15 15 0 0 0-1.8-4.3l3-4.3-2.3-2.3-4.3 3a15 15 0 0 0-4.3-1.8zM26 15.4a6 6 0 1 1 0 12 6 6 0 0 1 0-12z';

interface LoadingSpinnerProps {
  /** Visible text under the gears; also the status announced to screen readers. */
  label?: string;
  /** Minimum height of the area, so content below does not jump when data arrives. */
  minHeight?: number | string;
}

/** Two meshing gears: the app's one loading animation (also shown on /loading). Drawn without MUI (the shell shows it). */
export function LoadingSpinner({ label = messages.common.loading, minHeight = 240 }: LoadingSpinnerProps) {
  return (
    <div
      role="status"
      aria-live="polite"
      // RouteAnnouncer waits while <main> has one: the new page and its title are not there yet.
      data-loading=""
      className={s.status}
      style={{ minHeight }}
    >
      <svg className={s.gears} viewBox="4 0 62 54" width={72} height={63} aria-hidden="true">
        <path className={classNames('gear-big', s.big)} d={GEAR_PATH} />
        <g transform="translate(30.3 21.5) scale(0.72)">
          <path className={classNames('gear-small', s.small)} d={GEAR_PATH} />
        </g>
      </svg>
      <p className={s.label}>{label}</p>
    </div>
  );
}
