/** Material's Menu icon path (@mui/icons-material/Menu). */
const MENU_ICON_PATH = 'M3 18h18v-2H3zm0-5h18v-2H3zm0-7v2h18V6z';

/**
 * The header's Menu icon, drawn inline as SvgIcon draws it (24 px, the text's
 * colour, hidden from screen readers: the button has the label). The icon
 * component would bring SvgIcon into the first load of every page.
 */
export function MenuIcon() {
  return (
    <svg viewBox="0 0 24 24" width={24} height={24} fill="currentColor" aria-hidden="true" focusable="false" style={{ flexShrink: 0 }}>
      <path d={MENU_ICON_PATH} />
    </svg>
  );
}
