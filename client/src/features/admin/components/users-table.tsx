import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import { useQueryClient } from '@tanstack/react-query';
import { DeleteButton } from '@/components/ui/delete-button';
import { usePaging } from '@/components/ui/paged-query';
import { PagedTable, type Column } from '@/components/ui/paged-table';
import { adminMessages } from '@/config/admin-messages';
import { dashboardMessages } from '@/config/dashboard-messages';
import { ApiError } from '@/lib/api-client';
import { authKeys, useUser } from '@/lib/auth';
import { useToast } from '@/lib/toast';
import { useConfirmedAction } from '@/lib/use-confirmed-action';
import type { User } from '@/types/api';
import { useDeleteUser } from '../api/delete-user';
import { useUsers } from '../api/get-users';
import { useMakeAdmin } from '../api/make-admin';

export const USERS_PAGE_SIZE = 50;

const m = adminMessages.users;

const tableSx = {
  '& td:last-of-type > div': { justifyContent: 'flex-end', flexWrap: 'nowrap' },
  '& td.user-email, & button': { whiteSpace: 'nowrap' },
  // A narrow list (phone, or beside the menu): each account is a block, not a row that overflows.
  '@container (max-width: 820px)': {
    '& tbody tr': { gridTemplateColumns: '1fr', gap: 1 },
    '& td:last-of-type > div': { justifyContent: 'flex-start', flexWrap: 'wrap', mt: 0.5 },
    '& td.user-email': { whiteSpace: 'normal', overflowWrap: 'anywhere' },
  },
  // Room for the buttons beside the details.
  '@container (min-width: 481px) and (max-width: 820px)': {
    '& tbody tr': { gridTemplateColumns: 'minmax(0, 1fr) auto', columnGap: 2 },
    '& tbody td:last-of-type': { gridColumn: 2, gridRow: '1 / span 3', alignSelf: 'center' },
    '& td:last-of-type > div': { mt: 0, justifyContent: 'flex-end' },
  },
} as const;

/** The Make Admin screen's list: every account, a Make Admin button per customer, and Remove. */
export function UsersTable() {
  const paging = usePaging(USERS_PAGE_SIZE);
  const users = useUsers(paging.params);
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
        if (error instanceof ApiError && error.code === 'forbidden') {
          toast.error(m.makeAdminFailed);
          // This account has lost its admin rights: let the admin guard see it.
          void queryClient.invalidateQueries({ queryKey: authKeys.all });
        } else {
          toast.error(error.message);
        }
      },
    });

  const remove = useConfirmedAction(deleteUser, { confirm: m.confirmRemove, done: m.removed, gone: m.alreadyRemoved });

  const isMe = (user: User) => me !== undefined && me._id === user._id;
  const columns: Column<User>[] = [
    {
      key: 'name',
      header: m.columnName,
      render: (user) => (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0 }}>
          <Avatar
            sx={{ width: 34, height: 34, fontSize: '0.95rem', fontWeight: 800, ...(user.role === 'admin' ? { bgcolor: 'secondary.main', color: 'secondary.contrastText' } : { bgcolor: 'primary.main', color: 'primary.contrastText' }) }}
            aria-hidden="true"
          >
            {(user.name || user.email).charAt(0).toUpperCase()}
          </Avatar>
          <Typography component="span" sx={{ fontWeight: 700 }}>
            {user.name}
          </Typography>
          {isMe(user) && <Chip label={m.you} size="small" variant="outlined" />}
        </Box>
      ),
    },
    { key: 'email', header: m.columnEmail, className: 'user-email', sx: { color: 'text.secondary' }, render: (user) => user.email },
    {
      key: 'role',
      header: m.columnRole,
      render: (user) =>
        user.role === 'admin' ? (
          <Chip size="small" label={dashboardMessages.roleAdmin} sx={{ bgcolor: 'secondary.main', color: 'secondary.contrastText', fontWeight: 700 }} />
        ) : (
          <Chip size="small" label={dashboardMessages.roleCustomer} sx={{ bgcolor: 'surface.muted', fontWeight: 600 }} />
        ),
    },
    {
      key: 'actions',
      header: m.columnActions,
      align: 'right',
      render: (user) => (
        <Box sx={{ display: 'flex', gap: 1 }}>
          {user.role !== 'admin' && (
            <Button
              size="small"
              variant="contained"
              color="secondary"
              startIcon={<AdminPanelSettingsIcon />}
              loading={makeAdmin.isPending && makeAdmin.variables === user.email}
              loadingPosition="start"
              onClick={() => promote(user)}
              aria-label={m.makeAdminLabel(user.email)}
            >
              {m.makeAdmin}
            </Button>
          )}
          {!isMe(user) && (
            <DeleteButton loading={remove.isRunning(user._id)} onClick={() => remove.run(user._id)} aria-label={m.removeLabel(user.email)}>
              {m.remove}
            </DeleteButton>
          )}
        </Box>
      ),
    },
  ];

  return (
    <PagedTable
      query={users}
      paging={paging}
      columns={columns}
      label={m.usersTableLabel}
      count={m.count}
      loadFailed={m.loadFailed}
      empty={m.empty}
      rowTestId="user-row"
      stackBelow={820}
      sx={tableSx}
    />
  );
}
