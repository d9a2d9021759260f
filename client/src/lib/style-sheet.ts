/**
 * Adds CSS text to the page once, at the end of <head>, as Vite adds a lazy
 * chunk's CSS when it loads. For the third-party CSS that only a lazy part
 * needs (swiper's): imported with `?inline`, it stays in that part's chunk,
 * out of the app's one stylesheet (build.cssCodeSplit is off, so any CSS
 * imported as a file would join the first load of every page).
 */
export function addStyleSheet(id: string, css: string): void {
  if (typeof document === 'undefined' || document.head.querySelector(`style[data-style-sheet="${id}"]`)) return;
  const style = document.createElement('style');
  style.dataset.styleSheet = id;
  style.textContent = css;
  document.head.appendChild(style);
}
