import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import SaveOutlinedIcon from '@mui/icons-material/SaveOutlined';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ConflictChoices, type ConflictChoice } from '@/components/form/conflict-choices';
import { DeleteButton } from '@/components/ui/delete-button';
import { ErrorMessage } from '@/components/ui/error-message';
import { LoadingSpinner } from '@/components/ui/loading-spinner';
import { FormDialog } from '@/components/form/form-dialog';
import { categoryMessages } from '@/config/category-messages';
import { formMessages } from '@/config/form-messages';
import { ApiError, errorMessage } from '@/lib/api-client';
import { withReason } from '@/lib/form-errors';
import { useToast } from '@/lib/toast';
import { useConfirmedAction } from '@/lib/use-confirmed-action';
import type { Category } from '@/types/api';
import { getCategoriesQueryOptions, useCategories } from '../api/get-categories';
import { useAddCategory, useDeleteCategory, useRenameCategory } from '../api/manage-categories';

const m = categoryMessages.admin;

/** The server's word on a name (409: in use; 400: invalid), else the generic failure. */
function nameError(error: unknown): string {
  if (error instanceof ApiError && (error.code === 'conflict' || error.code === 'invalid')) return error.errors.name || error.detail || m.failed;
  return withReason(m.failed, error);
}

/**
 * Rename one category, in a dialog. The rename names the name the form started from (`from`): when another
 * admin renamed it meanwhile (409), the dialog shows their name beside this one, and renames only once the
 * admin has kept theirs or taken the saved one.
 */
function RenameDialog({ category, onClose }: { category: Category; onClose: () => void }) {
  const [name, setName] = useState(category.name);
  const [error, setError] = useState('');
  // The name the form is based on: the category's as opened, then the saved one after a conflict.
  const [from, setFrom] = useState(category.name);
  const [conflict, setConflict] = useState<{ mine: string; saved: string } | null>(null);
  const [choice, setChoice] = useState<ConflictChoice | undefined>();
  const [chooseError, setChooseError] = useState('');
  const rename = useRenameCategory();
  const queryClient = useQueryClient();
  const toast = useToast();

  /** A 409: renamed meanwhile (the saved name differs from `from`), or a name in use. */
  const refused = async (err: unknown) => {
    const saved = await queryClient
      .fetchQuery({ ...getCategoriesQueryOptions(), staleTime: 0 })
      .then((list) => list.find((c) => c._id === category._id)?.name)
      .catch(() => undefined);
    if (saved === undefined || saved === from) return setError(nameError(err));
    setConflict({ mine: name.trim(), saved });
    setFrom(saved);
    setChoice(undefined);
    setError('');
  };
  const choose = (_: string, next: ConflictChoice) => {
    if (!conflict) return;
    setChoice(next);
    setChooseError('');
    setName(next === 'mine' ? conflict.mine : conflict.saved);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next = name.trim();
    if (!next) return setError(m.nameRequired);
    if (conflict && choice === undefined) return setChooseError(formMessages.conflict.chooseEach);
    rename.mutate(
      { id: category._id, name: next, from },
      {
        onSuccess: () => {
          toast.success(m.renamed(next));
          onClose();
        },
        onError: (err) => {
          if (err instanceof ApiError && err.code === 'conflict') void refused(err);
          else setError(nameError(err));
        },
      },
    );
  };
  return (
    <FormDialog open onClose={onClose} onSubmit={submit} title={m.renameTitle(category.name)} busy={rename.isPending} cancelLabel={formMessages.forms.cancel} submitLabel={m.save} submitIcon={<SaveOutlinedIcon />}>
      <TextField label={m.name} value={name} onChange={(e) => setName(e.target.value)} error={!!error} helperText={error || ' '} required sx={{ mt: 1 }} />
      {conflict && (
        <ConflictChoices
          fields={[{ key: 'name', label: m.name, mine: conflict.mine, theirs: conflict.saved }]}
          choices={{ name: choice }}
          onChoose={choose}
          error={chooseError}
        />
      )}
    </FormDialog>
  );
}

/**
 * The admin's categories: add one, rename one (its products follow), delete
 * one no product uses (the server's 409 says how many do).
 */
export function CategoriesAdmin() {
  const categories = useCategories();
  const add = useAddCategory();
  const remove = useDeleteCategory();
  const toast = useToast();
  const [name, setName] = useState('');
  const [error, setError] = useState('');
  const [renaming, setRenaming] = useState<Category | null>(null);
  const deleting = useConfirmedAction(remove, { done: m.deleted, failed: m.deleteFailed });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next = name.trim();
    if (!next) return setError(m.nameRequired);
    add.mutate(next, {
      onSuccess: () => {
        toast.success(m.added(next));
        setName('');
        setError('');
      },
      onError: (err) => setError(nameError(err)),
    });
  };

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <TextField
          label={m.name}
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            setError('');
          }}
          error={!!error}
          helperText={error || ' '}
          sx={{ flex: '1 1 240px' }}
        />
        <Button type="submit" variant="contained" startIcon={<AddIcon />} loading={add.isPending} loadingPosition="start" sx={{ minHeight: 56 }}>
          {m.add}
        </Button>
      </Box>

      {categories.isPending && <LoadingSpinner minHeight={200} />}
      {categories.isError && <ErrorMessage onRetry={() => void categories.refetch()}>{errorMessage(categories.error, m.loadFailed)}</ErrorMessage>}
      {categories.isSuccess && categories.data.length === 0 && <Typography color="text.secondary">{m.empty}</Typography>}
      {categories.isSuccess && categories.data.length > 0 && (
        <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 2 }}>
          <Table aria-label={m.tableLabel}>
            <TableHead>
              <TableRow>
                <TableCell>{m.columnName}</TableCell>
                <TableCell align="right">{m.columnCount}</TableCell>
                <TableCell align="right">{m.columnActions}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {categories.data.map((category) => (
                <TableRow key={category._id}>
                  <TableCell component="th" scope="row" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
                    {category.name}
                  </TableCell>
                  <TableCell align="right">{category.count}</TableCell>
                  <TableCell align="right">
                    <Box sx={{ display: 'inline-flex', gap: 1, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
                      <Button size="small" variant="outlined" color="secondary" startIcon={<EditOutlinedIcon />} aria-label={m.renameLabel(category.name)} onClick={() => setRenaming(category)}>
                        {m.rename}
                      </Button>
                      <DeleteButton
                        aria-label={m.deleteLabel(category.name)}
                        loading={deleting.isRunning(category._id)}
                        onClick={() => deleting.run(category._id, m.confirmDelete(category.name))}
                      >
                        {m.delete}
                      </DeleteButton>
                    </Box>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {renaming && <RenameDialog category={renaming} onClose={() => setRenaming(null)} />}
    </Box>
  );
}
