import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorMessage } from '@/components/ui/error-message';
import { LoadingSpinner } from '@/components/ui/loading-spinner';
import { messages } from '@/config/messages';
import { ApiError, errorMessage } from '@/lib/api-client';
import { authKeys, useUser } from '@/lib/auth';
import { useToast } from '@/lib/toast';
import type { User } from '@/types/api';
import { useDeleteUser } from '../api/delete-user';
import { useUsers } from '../api/get-users';
import { useMakeAdmin } from '../api/make-admin';

export const USERS_PAGE_SIZE = 50;

const m = messages.admin;

/** The Make Admin screen's list: every account, a Make Admin button per customer, and Remove. */
export function UsersTable() {
  const [page, setPage] = useState(0);
  const users = useUsers({ limit: USERS_PAGE_SIZE, skip: page * USERS_PAGE_SIZE });
  const me = useUser().data;
  const makeAdmin = useMakeAdmin();
  const deleteUser = useDeleteUser();
  const toast = useToast();
  const queryClient = useQueryClient();

  const promote = (user: User) =>
    makeAdmin.mutate(user.email, {
      onSuccess: (result) => {
        if (result.modifiedCount > 0) toast.success(m.madeAdmin);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 403) {
          toast.error(m.makeAdminFailed);
          // This account has lost its admin rights: let the admin guard see it.
          void queryClient.invalidateQueries({ queryKey: authKeys.all });
        } else {
          toast.error(error.message);
        }
      },
    });

  const remove = (user: User) => {
    if (!window.confirm(m.confirmRemove)) return;
    deleteUser.mutate(user._id, {
      onSuccess: (result) => {
        if (result.deletedCount > 0) toast.success(m.removed);
      },
      onError: (error) => toast.error(error.message),
    });
  };

  if (users.isPending) return <LoadingSpinner />;
  if (users.isError) {
    return <ErrorMessage onRetry={() => void users.refetch()}>{errorMessage(users.error, m.loadFailed)}</ErrorMessage>;
  }

  const { items, total } = users.data;
  if (items.length === 0) return <Typography color="text.secondary">{m.empty}</Typography>;

  return (
    <Box sx={{ bgcolor: 'background.paper', border: 1, borderColor: 'divider', borderRadius: 2, overflow: 'hidden', containerType: 'inline-size' }}>
      <Box sx={{ px: { xs: 2, sm: 3 }, py: 1.5, borderBottom: 1, borderColor: 'divider', display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
        <Typography sx={{ fontWeight: 700 }}>{m.count(total)}</Typography>
      </Box>
      <Box sx={{ overflowX: 'auto' }}>
        <Table
          aria-label={m.usersTableLabel}
          sx={{
            '& th': { fontWeight: 800, color: 'text.secondary', fontSize: '0.78rem', letterSpacing: '0.08em', textTransform: 'uppercase', bgcolor: '#f8f9fa' },
            '& tbody tr:last-of-type td': { borderBottom: 0 },
            '& td:last-of-type > div': { justifyContent: 'flex-end', flexWrap: 'nowrap' },
            '& td.user-email, & button': { whiteSpace: 'nowrap' },
            // A narrow list (phone, or beside the menu): each account is a block, not a row that overflows.
            '@container (max-width: 820px)': {
              '& thead': { display: 'none' },
              '& tbody tr': { display: 'grid', gridTemplateColumns: '1fr', gap: 1, px: 2, py: 2, borderBottom: 1, borderColor: 'divider' },
              '& tbody tr:last-of-type': { borderBottom: 0 },
              '& tbody td': { border: 0, p: 0 },
              '& td:last-of-type > div': { justifyContent: 'flex-start', flexWrap: 'wrap', mt: 0.5 },
              '& td.user-email': { whiteSpace: 'normal', overflowWrap: 'anywhere' },
            },
            // Room for the buttons beside the details.
            '@container (min-width: 481px) and (max-width: 820px)': {
              '& tbody tr': { gridTemplateColumns: 'minmax(0, 1fr) auto', columnGap: 2 },
              '& tbody td:last-of-type': { gridColumn: 2, gridRow: '1 / span 3', alignSelf: 'center' },
              '& td:last-of-type > div': { mt: 0, justifyContent: 'flex-end' },
            },
          }}
        >
          <TableHead>
            <TableRow>
              <TableCell>{m.columnName}</TableCell>
              <TableCell>{m.columnEmail}</TableCell>
              <TableCell>{m.columnRole}</TableCell>
              <TableCell align="right">{m.columnActions}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {items.map((user) => {
              const isAdmin = user.role === 'admin';
              const isMe = me !== undefined && me._id === user._id;
              const promoting = makeAdmin.isPending && makeAdmin.variables === user.email;
              const removing = deleteUser.isPending && deleteUser.variables === user._id;
              return (
                <TableRow key={user._id} hover data-testid="user-row">
                  <TableCell>
                    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0 }}>
                      <Avatar sx={{ width: 34, height: 34, fontSize: '0.95rem', fontWeight: 800, bgcolor: isAdmin ? 'secondary.main' : 'primary.main', color: isAdmin ? '#fff' : 'primary.contrastText' }} aria-hidden="true">
                        {(user.name || user.email).charAt(0).toUpperCase()}
                      </Avatar>
                      <Typography component="span" sx={{ fontWeight: 700 }}>
                        {user.name}
                      </Typography>
                      {isMe && <Chip label={m.you} size="small" variant="outlined" />}
                    </Box>
                  </TableCell>
                  <TableCell className="user-email" sx={{ color: 'text.secondary' }}>
                    {user.email}
                  </TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      label={isAdmin ? messages.dashboard.roleAdmin : messages.dashboard.roleCustomer}
                      sx={isAdmin ? { bgcolor: 'secondary.main', color: '#fff', fontWeight: 700 } : { bgcolor: '#eef0f3', fontWeight: 600 }}
                    />
                  </TableCell>
                  <TableCell align="right">
                    <Box sx={{ display: 'flex', gap: 1 }}>
                      {!isAdmin && (
                        <Button
                          size="small"
                          variant="contained"
                          color="secondary"
                          startIcon={<AdminPanelSettingsIcon />}
                          loading={promoting}
                          loadingPosition="start"
                          onClick={() => promote(user)}
                          aria-label={m.makeAdminLabel(user.email)}
                        >
                          {m.makeAdmin}
                        </Button>
                      )}
                      {!isMe && (
                        <Button
                          size="small"
                          variant="outlined"
                          color="error"
                          startIcon={<DeleteOutlineIcon />}
                          loading={removing}
                          loadingPosition="start"
                          onClick={() => remove(user)}
                          aria-label={m.removeLabel(user.email)}
                        >
                          {m.remove}
                        </Button>
                      )}
                    </Box>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </Box>
      {total > USERS_PAGE_SIZE && (
        <TablePagination
          component="div"
          count={total}
          page={page}
          onPageChange={(_, next) => setPage(next)}
          rowsPerPage={USERS_PAGE_SIZE}
          rowsPerPageOptions={[]}
          sx={{ borderTop: 1, borderColor: 'divider' }}
        />
      )}
    </Box>
  );
}
