import { useId, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { visuallyHiddenSx } from '@/components/ui/visually-hidden';
import { messages } from '@/config/messages';
import { paths } from '@/config/paths';
import { MAX_SEARCH_CHARS } from '@/config/search';
import s from './header-search.module.css';

/** Material's Search icon, drawn inline: the icon component would cost the first load a chunk of its own. */
const SEARCH_ICON_PATH =
  'M15.5 14h-.79l-.28-.27C15.41 12.59 16 11.11 16 9.5 16 5.91 13.09 3 9.5 3S3 5.91 3 9.5 5.91 16 9.5 16c1.61 0 3.09-.59 4.23-1.57l.27.28v.79l5 4.99L20.49 19zm-6 0C7.01 14 5 11.99 5 9.5S7.01 5 9.5 5 14 7.01 14 9.5 11.99 14 9.5 14';

interface HeaderSearchProps {
  /** Called after a search is sent (the drawer closes itself with it). */
  onSearch?: () => void;
}

/**
 * The header's product search: Enter opens /products with the query in the URL. On /products it shows the
 * query the list has (and follows it: the page's own search box, Back, a link), so the two boxes never disagree.
 */
export function HeaderSearch({ onSearch }: HeaderSearchProps) {
  const id = useId();
  const { pathname, search } = useLocation();
  const active = pathname === paths.products ? (new URLSearchParams(search).get('q') ?? '') : '';
  const [text, setText] = useState(active);
  // The list's query changed (or the page did): the box shows it (state adjusted while rendering).
  const [shown, setShown] = useState(active);
  if (active !== shown) {
    setShown(active);
    setText(active);
  }
  const navigate = useNavigate();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void navigate(paths.productSearch(text));
    onSearch?.();
  };

  return (
    // action and method: before the app has started (a prerendered page), Enter still opens the results.
    <form role="search" aria-label={messages.nav.search} action={paths.products} method="get" onSubmit={submit} className={s.form}>
      <label htmlFor={id} style={visuallyHiddenSx}>
        {messages.nav.search}
      </label>
      <svg viewBox="0 0 24 24" width={20} height={20} aria-hidden="true" className={s.icon}>
        <path d={SEARCH_ICON_PATH} />
      </svg>
      <input
        id={id}
        className={s.input}
        type="search"
        name="q"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={messages.nav.searchPlaceholder}
        maxLength={MAX_SEARCH_CHARS}
        autoComplete="off"
        enterKeyHint="search"
      />
    </form>
  );
}
