import Box from '@mui/material/Box';
import { styled } from '@mui/material/styles';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { visuallyHiddenSx } from '@/components/ui/visually-hidden';
import { messages } from '@/config/messages';
import { paths } from '@/config/paths';
import { MAX_SEARCH_CHARS } from '@/config/search';

/** Material's Search icon, drawn inline: the icon component would cost the first load a chunk of its own. */
const SEARCH_ICON_PATH =
  'M15.5 14h-.79l-.28-.27C15.41 12.59 16 11.11 16 9.5 16 5.91 13.09 3 9.5 3S3 5.91 3 9.5 5.91 16 9.5 16c1.61 0 3.09-.59 4.23-1.57l.27.28v.79l5 4.99L20.49 19zm-6 0C7.01 14 5 11.99 5 9.5S7.01 5 9.5 5 14 7.01 14 9.5 11.99 14 9.5 14';

/** A plain input, not MUI's TextField: the header is in the first load of `/`. */
const SearchInput = styled('input')(({ theme }) => ({
  width: '100%',
  minHeight: 44,
  boxSizing: 'border-box',
  padding: '8px 12px 8px 38px',
  border: `1px solid ${theme.palette.text.secondary}`,
  borderRadius: 8,
  backgroundColor: theme.palette.background.paper,
  color: theme.palette.text.primary,
  font: 'inherit',
  fontSize: '0.95rem',
  '&::placeholder': { color: theme.palette.text.secondary, opacity: 1 },
}));

interface HeaderSearchProps {
  /** Called after a search is sent (the drawer closes itself with it). */
  onSearch?: () => void;
}

/** The header's product search: Enter opens /products with the query in the URL. */
export function HeaderSearch({ onSearch }: HeaderSearchProps) {
  const id = useId();
  const [text, setText] = useState('');
  const navigate = useNavigate();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void navigate(paths.productSearch(text));
    setText(''); // the products page's own search box holds the query from here on
    onSearch?.();
  };

  return (
    // action and method: before the app has started (a prerendered page), Enter still opens the results.
    <Box
      component="form"
      role="search"
      aria-label={messages.nav.search}
      action={paths.products}
      method="get"
      onSubmit={submit}
      sx={{ position: 'relative', width: '100%' }}
    >
      <Box component="label" htmlFor={id} sx={visuallyHiddenSx}>
        {messages.nav.search}
      </Box>
      <Box
        component="svg"
        viewBox="0 0 24 24"
        width={20}
        height={20}
        aria-hidden="true"
        sx={{ position: 'absolute', left: 12, top: '50%', transform: 'translateY(-50%)', fill: 'currentColor', color: 'text.secondary', pointerEvents: 'none' }}
      >
        <path d={SEARCH_ICON_PATH} />
      </Box>
      <SearchInput
        id={id}
        type="search"
        name="q"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={messages.nav.searchPlaceholder}
        maxLength={MAX_SEARCH_CHARS}
        autoComplete="off"
        enterKeyHint="search"
      />
    </Box>
  );
}
