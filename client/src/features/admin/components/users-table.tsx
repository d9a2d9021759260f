import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import PersonIcon from '@mui/icons-material/Person';
import { useConfirmDialog } from '@/components/ui/confirm-dialog';
import { DeleteButton } from '@/components/ui/delete-button';
import { usePaging } from '@/components/ui/paged-query';
import { PagedTable, type Column } from '@/components/ui/paged-table';
import { adminMessages } from '@/config/admin-messages';
import { dashboardMessages } from '@/config/dashboard-messages';
import { useUser } from '@/lib/auth';
import { useConfirmedAction } from '@/lib/use-confirmed-action';
import type { RoleChange, User } from '@/types/api';
import { formatDate } from '@/utils/format-date';
import { useDeleteUser } from '../api/delete-user';
import { useUsers } from '../api/get-users';
import { useMakeAdmin, useMakeCustomer } from '../api/make-admin';

export const USERS_PAGE_SIZE = 50;

const m = adminMessages.users;

const tableSx = {
  '& td:last-of-type > div': { justifyContent: 'flex-end', flexWrap: 'nowrap' },
  '& button': { whiteSpace: 'nowrap' },
  // A long address breaks rather than pushing the buttons out of the window (the widest address on the page sets the column).
  '& td.user-email': { overflowWrap: 'anywhere', minWidth: '12ch' },
  // A narrow list (phone, or beside the menu): each account is a block, not a row that overflows.
  '@container (max-width: 820px)': {
    '& tbody tr': { gridTemplateColumns: '1fr', gap: 1 },
    '& td:last-of-type > div': { justifyContent: 'flex-start', flexWrap: 'wrap', mt: 0.5 },
  },
  // Room for the buttons beside the details.
  '@container (min-width: 481px) and (max-width: 820px)': {
    '& tbody tr': { gridTemplateColumns: 'minmax(0, 1fr) auto', columnGap: 2 },
    '& tbody td:last-of-type': { gridColumn: 2, gridRow: '1 / span 3', alignSelf: 'center' },
    '& td:last-of-type > div': { mt: 0, justifyContent: 'flex-end' },
  },
} as const;

const roleName = (role: string) => (role === 'admin' ? dashboardMessages.roleAdmin : dashboardMessages.roleCustomer);

/** Who changed the role and when: the last change in a line, and every change in a disclosure when there were several. */
function RoleRecord({ history }: { history: readonly RoleChange[] }) {
  const last = history.at(-1);
  if (last === undefined) return null;
  return (
    <Box sx={{ mt: 0.5, fontSize: '0.8rem', color: 'text.secondary' }} data-testid="role-record">
      <div>
        {m.roleSince(roleName(last.role), formatDate(last.at))}, {m.roleBy(last.by)}
      </div>
      {history.length > 1 && (
        <details>
          <summary style={{ cursor: 'pointer' }}>{m.roleHistory(history.length)}</summary>
          <Box component="ol" sx={{ m: 0, pl: 2.5 }}>
            {history.map((c) => (
              <li key={`${c.at}-${c.role}`}>{m.roleChange(roleName(c.role), formatDate(c.at, { time: true }), m.roleBy(c.by))}</li>
            ))}
          </Box>
        </details>
      )}
    </Box>
  );
}

/**
 * The Make Admin screen's list: every account with its role's record, Make Admin per customer and Make Customer per
 * other admin (each asked first), and Remove.
 */
export function UsersTable() {
  const paging = usePaging(USERS_PAGE_SIZE);
  const users = useUsers(paging.params);
  const me = useUser().data;
  const makeAdmin = useMakeAdmin();
  const makeCustomer = useMakeCustomer();
  const deleteUser = useDeleteUser();
  const dialog = useConfirmDialog();

  // A role change is asked in the app's dialog; Remove keeps the spec's browser confirm, word for word.
  const promote = useConfirmedAction(makeAdmin, {
    done: (result) => (result.modifiedCount > 0 ? m.madeAdmin : m.alreadyAdmin),
    failed: m.makeAdminFailed,
    ask: (question) => dialog.ask({ title: m.confirmMakeAdminTitle, question, confirmLabel: m.makeAdmin, cancelLabel: m.cancel }),
  });
  const demote = useConfirmedAction(makeCustomer, {
    done: (result) => (result.modifiedCount > 0 ? m.madeCustomer : m.alreadyCustomer),
    failed: m.makeCustomerFailed,
    ask: (question) => dialog.ask({ title: m.confirmMakeCustomerTitle, question, confirmLabel: m.makeCustomer, cancelLabel: m.cancel }),
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
      render: (user) => (
        <>
          {user.role === 'admin' ? (
            <Chip size="small" label={dashboardMessages.roleAdmin} sx={{ bgcolor: 'secondary.main', color: 'secondary.contrastText', fontWeight: 700 }} />
          ) : (
            <Chip size="small" label={dashboardMessages.roleCustomer} sx={{ bgcolor: 'surface.muted', fontWeight: 600 }} />
          )}
          <RoleRecord history={user.roleHistory ?? []} />
        </>
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
              loading={promote.isRunning(user.email)}
              loadingPosition="start"
              onClick={() => promote.run(user.email, m.confirmMakeAdmin(user.email))}
              aria-label={m.makeAdminLabel(user.email)}
            >
              {m.makeAdmin}
            </Button>
          )}
          {user.role === 'admin' && !isMe(user) && (
            <Button
              size="small"
              variant="outlined"
              startIcon={<PersonIcon />}
              loading={demote.isRunning(user.email)}
              loadingPosition="start"
              onClick={() => demote.run(user.email, m.confirmMakeCustomer(user.email))}
              aria-label={m.makeCustomerLabel(user.email)}
            >
              {m.makeCustomer}
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
    <>
      {dialog.element}
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
    </>
  );
}
