import Box from '@mui/material/Box';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import { useEffect, type ReactNode } from 'react';

interface PagedListProps {
  /** "3 quotes": the count above the list. */
  count: string;
  /** The list's accessible name. */
  label: string;
  total: number;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  children: ReactNode;
}

/**
 * A dashboard list of cards (quotes, claims): the count above, the cards as a
 * list, pages below when there are more. Lazy pages only (MUI's pagination).
 */
export function PagedList({ count, label, total, page, pageSize, onPageChange, children }: PagedListProps) {
  return (
    <Box>
      <Typography sx={{ fontWeight: 700, mb: 1.5 }}>{count}</Typography>
      <Box component="ul" aria-label={label} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }}>
        {children}
      </Box>
      {total > pageSize && (
        <TablePagination
          component="div"
          count={total}
          page={page}
          onPageChange={(_, next) => onPageChange(next)}
          rowsPerPage={pageSize}
          rowsPerPageOptions={[]}
          sx={{ mt: 2, bgcolor: 'background.paper', border: 1, borderColor: 'divider', borderRadius: 2 }}
        />
      )}
    </Box>
  );
}

/** An empty dashboard list: a line, and a way on. */
export function EmptyList({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <Box sx={{ bgcolor: 'background.paper', border: 1, borderColor: 'divider', borderRadius: 2, p: { xs: 3, sm: 4 }, textAlign: 'center' }}>
      <Typography color="text.secondary" sx={{ fontWeight: 600 }}>
        {children}
      </Typography>
      {action && <Box sx={{ mt: 2 }}>{action}</Box>}
    </Box>
  );
}

/** When a later page is empty (its last item went, or the URL asks past the end), show the last page instead, in place of this history entry. */
export function useStepBackWhenEmpty(
  paging: { page: number; pageSize: number; setPage: (page: number, options?: { replace?: boolean }) => void },
  data: { items: unknown[]; total: number } | undefined,
  isPlaceholderData: boolean,
) {
  const { page, pageSize, setPage } = paging;
  const emptyLaterPage = page > 0 && data !== undefined && data.items.length === 0 && !isPlaceholderData;
  const lastPage = data ? Math.max(0, Math.ceil(data.total / pageSize) - 1) : 0;
  useEffect(() => {
    if (emptyLaterPage) setPage(Math.min(page - 1, lastPage), { replace: true });
  }, [emptyLaterPage, page, lastPage, setPage]);
}
