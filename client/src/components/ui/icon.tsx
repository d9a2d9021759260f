import { classNames } from './class-names';
import s from './icon.module.css';

/** Material icons' paths (@mui/icons-material), for the parts drawn without MUI. */
export const ICON_PATHS = {
  arrowBack: 'M20 11H7.83l5.59-5.59L12 4l-8 8 8 8 1.41-1.41L7.83 13H20z',
  addShoppingCart:
    'M11 9h2V6h3V4h-3V1h-2v3H8v2h3zm-4 9c-1.1 0-1.99.9-1.99 2S5.9 22 7 22s2-.9 2-2-.9-2-2-2m10 0c-1.1 0-1.99.9-1.99 2s.89 2 1.99 2 2-.9 2-2-.9-2-2-2m-9.83-3.25.03-.12.9-1.63h7.45c.75 0 1.41-.41 1.75-1.03l3.86-7.01L19.42 4h-.01l-1.1 2-2.76 5H8.53l-.13-.27L6.16 6l-.95-2-.94-2H1v2h2l3.6 7.59-1.35 2.45c-.16.28-.25.61-.25.96 0 1.1.9 2 2 2h12v-2H7.42c-.13 0-.25-.11-.25-.25',
  requestQuoteOutlined:
    'M14 2H6c-1.1 0-2 .9-2 2v16c0 1.1.9 2 2 2h12c1.1 0 2-.9 2-2V8zM6 20V4h7v4h5v12zm5-1h2v-1h1c.55 0 1-.45 1-1v-3c0-.55-.45-1-1-1h-3v-1h4v-2h-2V9h-2v1h-1c-.55 0-1 .45-1 1v3c0 .55.45 1 1 1h3v1H9v2h2z',
  check: 'M9 16.17 4.83 12l-1.42 1.41L9 19 21 7l-1.41-1.41z',
} as const;

/** A Material icon drawn inline as MUI's SvgIcon draws it, hidden from screen readers (the control has the name). */
export function Icon({ name, size = 'medium' }: { name: keyof typeof ICON_PATHS; size?: 'small' | 'medium' }) {
  return (
    <svg className={classNames(s.icon, size === 'small' && s.small)} focusable="false" aria-hidden="true" viewBox="0 0 24 24">
      <path d={ICON_PATHS[name]} />
    </svg>
  );
}
