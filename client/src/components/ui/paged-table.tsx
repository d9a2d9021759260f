import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { PagedQuery, type PagedQueryProps } from './paged-query';
import { mergeSx } from '@/lib/theme';

/** One column of a PagedTable: its head, and what each row shows in it. */
export interface Column<T> {
  key: string;
  header: string;
  align?: 'right';
  /** The class of its cells (head and body), for the table's `sx`. */
  className?: string;
  /** The body cell's own style. */
  sx?: SxProps<Theme>;
  /** Show the header above the value while the rows are blocks (the head is hidden then). */
  labelled?: boolean;
  /** The row's name: a row header (`<th scope="row">`). */
  rowHeader?: boolean;
  render: (item: T) => ReactNode;
}

export interface PagedTableProps<T extends { _id: string }> extends Omit<PagedQueryProps<T>, 'children'> {
  columns: readonly Column<T>[];
  /** The table's accessible name. */
  label: string;
  /** "3 accounts": above the table. */
  count: (total: number) => string;
  /** More under the count (e.g. what a status means). */
  note?: ReactNode;
  /** Each row's data-testid. */
  rowTestId?: string;
  /** Below this width of its box (px) each row is a block: the head hidden, the cells a grid that `sx` lays out. */
  stackBelow: number;
  /** A table without controls: its scroll box takes focus, so that a keyboard can scroll it. */
  focusableScroll?: boolean;
  /** The table's own layout, added to the shared look. */
  sx?: SxProps<Theme>;
}

const tableSx = {
  '& thead th': { fontWeight: 800, color: 'text.secondary', fontSize: '0.78rem', letterSpacing: '0.08em', textTransform: 'uppercase', bgcolor: 'surface.tableHead', whiteSpace: 'nowrap' },
  '& tbody tr:last-of-type > *': { borderBottom: 0 },
  '& .cell-label': { display: 'none' },
} as const;

function stackedSx(width: number) {
  return {
    [`@container (max-width: ${width}px)`]: {
      '& thead': { display: 'none' },
      '& tbody tr': { display: 'grid', px: 2, py: 2, borderBottom: 1, borderColor: 'divider' },
      '& tbody tr:last-of-type': { borderBottom: 0 },
      '& tbody td, & tbody th': { border: 0, p: 0, minWidth: 0, textAlign: 'left' },
      '& .cell-label': { display: 'block', fontSize: '0.72rem', fontWeight: 800, letterSpacing: '0.08em', textTransform: 'uppercase', color: 'text.secondary', mb: 0.25 },
    },
  };
}

/** A cell's column name, shown above its value while the rows are blocks. */
function CellLabel({ children }: { children: ReactNode }) {
  return (
    <Box component="span" className="cell-label" aria-hidden="true">
      {children}
    </Box>
  );
}

/**
 * A dashboard table of a server-paged list: the count above, a row an item,
 * pages below when there are more (lazy: one request a page). Its loading,
 * error and empty states are PagedQuery's. A narrow box turns rows into blocks.
 */
export function PagedTable<T extends { _id: string }>({ columns, label, count, note, rowTestId, stackBelow, focusableScroll, sx, ...list }: PagedTableProps<T>) {
  const { query, paging } = list;
  return (
    <PagedQuery {...list}>
      {({ items, total }) => (
        <Box sx={{ bgcolor: 'background.paper', border: 1, borderColor: 'divider', borderRadius: 2, overflow: 'hidden', containerType: 'inline-size' }}>
          <Box sx={{ px: { xs: 2, sm: 3 }, py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
            <Typography sx={{ fontWeight: 700 }}>{count(total)}</Typography>
            {note}
          </Box>
          <Box sx={{ overflowX: 'auto' }} aria-busy={query.isFetching} {...(focusableScroll && { role: 'region', 'aria-label': label, tabIndex: 0 })}>
            <Table aria-label={label} sx={mergeSx(tableSx, stackedSx(stackBelow), sx)}>
              <TableHead>
                <TableRow>
                  {columns.map((column) => (
                    <TableCell key={column.key} className={column.className} align={column.align}>
                      {column.header}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {items.map((item) => (
                  <TableRow key={item._id} hover data-testid={rowTestId}>
                    {columns.map((column) => (
                      <TableCell
                        key={column.key}
                        className={column.className}
                        align={column.align}
                        sx={column.sx}
                        {...(column.rowHeader && { component: 'th', scope: 'row' })}
                      >
                        {column.labelled && <CellLabel>{column.header}</CellLabel>}
                        {column.render(item)}
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
          {total > paging.pageSize && (
            <TablePagination
              component="div"
              count={total}
              page={Math.min(paging.page, Math.ceil(total / paging.pageSize) - 1)}
              onPageChange={(_, next) => paging.setPage(next)}
              rowsPerPage={paging.pageSize}
              rowsPerPageOptions={[]}
              sx={{ borderTop: 1, borderColor: 'divider' }}
            />
          )}
        </Box>
      )}
    </PagedQuery>
  );
}
