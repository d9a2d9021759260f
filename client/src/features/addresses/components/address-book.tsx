import AddLocationAltOutlinedIcon from '@mui/icons-material/AddLocationAltOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { DashboardCard } from '@/components/ui/dashboard-card';
import { DeleteButton } from '@/components/ui/delete-button';
import { ErrorMessage } from '@/components/ui/error-message';
import { LoadingSpinner } from '@/components/ui/loading-spinner';
import { addressMessages as m } from '@/config/address-messages';
import { useConfirmedAction } from '@/lib/use-confirmed-action';
import { addressText, useAddresses, useDeleteAddress, useUpdateAddress, type Address, type Book } from '../api/addresses';
import { AddressFormDialog } from './address-form-dialog';

/** An address's name in buttons and lists: its label, or "Address N". */
export const addressLabel = (a: Address, i: number) => a.label || m.untitled(i + 1);

/**
 * The dashboard's address book: each saved address with Edit, Delete and Make default; Add address. With a
 * `companyId`, the company's book (issue 45: My Company, for its company admins).
 */
export function AddressBook({ companyId }: Book = {}) {
  const book = { companyId };
  const addresses = useAddresses(true, book);
  const remove = useConfirmedAction(useDeleteAddress(book), { done: m.removed, failed: m.removeFailed });
  const update = useUpdateAddress(book);
  const makeDefault = useConfirmedAction(update, { done: (a) => m.defaultSet(a.label || a.line1), failed: m.saveFailed });
  const [editing, setEditing] = useState<Address | 'new' | null>(null);

  let body;
  if (addresses.isPending) body = <LoadingSpinner minHeight={80} />;
  else if (addresses.isError) body = <ErrorMessage onRetry={() => void addresses.refetch()}>{m.loadFailed}</ErrorMessage>;
  else if (addresses.data.length === 0) body = <Typography data-testid="addresses-empty">{m.empty}</Typography>;
  else
    body = (
      <Box component="ul" aria-label={m.listLabel} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 2 }}>
        {addresses.data.map((a, i) => {
          const label = addressLabel(a, i);
          const titleId = `address-${a._id}`;
          return (
            <li key={a._id}>
              <DashboardCard titleId={titleId} stripeColor={a.isDefault ? 'primary.main' : 'divider'} data-testid="address-card">
                <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
                  <Typography id={titleId} component="h3" variant="h6" sx={{ fontWeight: 800 }}>
                    {label}
                  </Typography>
                  {a.isDefault && <Chip size="small" variant="outlined" label={m.isDefault} sx={{ fontWeight: 800 }} />}
                </Box>
                <Typography sx={{ overflowWrap: 'anywhere' }}>{addressText(a)}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {a.phone}
                </Typography>
                <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
                  <Button size="small" variant="outlined" color="secondary" onClick={() => setEditing(a)} aria-label={m.editLabel(label)}>
                    {m.edit}
                  </Button>
                  {!a.isDefault && (
                    <Button
                      size="small"
                      color="secondary"
                      onClick={() => makeDefault.run({ id: a._id, isDefault: true })}
                      loading={update.isPending && update.variables?.id === a._id}
                      aria-label={m.makeDefaultLabel(label)}
                    >
                      {m.makeDefault}
                    </Button>
                  )}
                  <DeleteButton onClick={() => remove.run(a._id, m.confirmRemove(label))} aria-label={m.removeLabel(label)}>
                    {m.remove}
                  </DeleteButton>
                </Box>
              </DashboardCard>
            </li>
          );
        })}
      </Box>
    );

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box>
        <Button variant="contained" startIcon={<AddLocationAltOutlinedIcon />} onClick={() => setEditing('new')}>
          {m.add}
        </Button>
      </Box>
      {body}
      <AddressFormDialog
        open={editing !== null}
        onClose={() => setEditing(null)}
        address={editing === 'new' || editing === null ? undefined : editing}
        companyId={companyId}
      />
    </Box>
  );
}
