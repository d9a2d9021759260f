import s from './store-logo.module.css';

/** The store's mark: an amber gear on a steel tile (the theme's colours, drawn without MUI). */
export function StoreLogo({ size = 36 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="7" className={s.tile} />
      <path
        className={s.gear}
        d="M14.6 5h2.8l.6 3a8 8 0 0 1 2.2.9l2.6-1.7 2 2-1.7 2.6a8 8 0 0 1 .9 2.2l3 .6v2.8l-3 .6a8 8 0 0 1-.9 2.2l1.7 2.6-2 2-2.6-1.7a8 8 0 0 1-2.2.9l-.6 3h-2.8l-.6-3a8 8 0 0 1-2.2-.9l-2.6 1.7-2-2 1.7-2.6a8 8 0 0 1-.9-2.2l-3-.6v-2.8l3-.6a8 8 0 0 1 .9-2.2L7.8 9.2l2-2 2.6 1.7a8 8 0 0 1 2.2-.9zM16 12a4 4 0 1 0 0 8 4 4 0 0 0 0-8z"
      />
    </svg>
  );
}
