import { Component } from 'react';
import { useLocation } from 'react-router';
import { visuallyHiddenSx } from '@/components/ui/visually-hidden';

/** The element that holds the page (MainLayout's `<main>`, also the skip link's target). */
export const MAIN_ID = 'main';

/** How often the new page is looked at until its title can be announced. */
const POLL_MS = 100;
/** A page whose title is the same as the last one's is announced once it has loaded, after this long. */
const SAME_TITLE_MS = 1000;
/** A page that is still loading after this long is announced anyway. */
const GIVE_UP_MS = 5000;

/**
 * Calls `announce` with the document's title once the page after a navigation
 * has it: each page sets its `<title>` when it renders, which is after its code
 * (lazy) and, for some, its data have arrived. Until then the old page's
 * title, or none, or a generic one is shown, and `<main>` holds a loading
 * spinner (`data-loading`). Ready: nothing in `<main>` is loading and the title
 * differs from the one the old page had (or enough time has passed for a page
 * titled the same). Returns a function that stops waiting.
 */
export function whenPageTitled(previousTitle: string, announce: (title: string) => void): () => void {
  const start = Date.now();
  const timer = setInterval(() => {
    const waited = Date.now() - start;
    const loading = document.getElementById(MAIN_ID)?.querySelector('[data-loading]') != null;
    const retitled = document.title !== previousTitle;
    if ((!loading && (retitled || waited >= SAME_TITLE_MS)) || waited >= GIVE_UP_MS) {
      clearInterval(timer);
      announce(document.title);
    }
  }, POLL_MS);
  return () => clearInterval(timer);
}

/**
 * Focus on the new page's `<main>`, so that a keyboard or screen reader user
 * goes on from the top of the new content rather than from a link that may be
 * gone. Not when focus is inside a dialog (it keeps its own focus); without
 * scrolling, since the app scrolls on navigation itself (useScrollOnNavigate).
 */
function focusMain() {
  if (document.activeElement?.closest('[role="dialog"], [aria-modal="true"]')) return;
  document.getElementById(MAIN_ID)?.focus({ preventScroll: true });
}

interface AnnouncerProps {
  pathname: string;
  hash: string;
}

/**
 * A class for `getSnapshotBeforeUpdate`: the only place that sees the
 * document as it was just before the navigation's changes, i.e. the old
 * page's title (by the time an effect runs it may already be gone).
 */
class Announcer extends Component<AnnouncerProps, { message: string }, string | null> {
  state = { message: '' };
  private stopWaiting?: () => void;

  getSnapshotBeforeUpdate(previous: AnnouncerProps): string | null {
    return previous.pathname !== this.props.pathname ? document.title : null;
  }

  componentDidUpdate(_previous: AnnouncerProps, _state: { message: string }, previousTitle: string | null) {
    if (previousTitle === null) return;
    this.stopWaiting?.();
    // A link to an anchor (/#reviews): the browser's place is the anchor, which useScrollOnNavigate scrolls to.
    if (!this.props.hash) focusMain();
    // Emptied first, so that a title the same as the last announced one is still a change the reader hears.
    this.setState({ message: '' });
    this.stopWaiting = whenPageTitled(previousTitle, (title) => this.setState({ message: title }));
  }

  componentWillUnmount() {
    this.stopWaiting?.();
  }

  render() {
    return (
      <div aria-live="polite" aria-atomic="true" style={visuallyHiddenSx}>
        {this.state.message}
      </div>
    );
  }
}

/**
 * After a navigation to another page (another pathname: not the first page,
 * not a change of the query alone such as a list's page or filters), moves
 * focus to `<main>` and announces the new page's title in a polite live region.
 * The page the app starts on is the browser's own load, which screen readers
 * announce themselves.
 */
export function RouteAnnouncer() {
  const { pathname, hash } = useLocation();
  return <Announcer pathname={pathname} hash={hash} />;
}
