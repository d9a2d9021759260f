import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatBytes, machineryAdminMessages as a, machineryMessages } from '@/config/machinery-messages';
import { withReason } from '@/lib/form-errors';
import { invalidate } from '@/lib/query-keys';
import { useToast } from '@/lib/toast';
import type { Product } from '@/types/api';
import { deleteDocument, resolveProducts, saveParts, uploadDocument } from '../api/product-documents';
import { getProductsQueryOptions } from '../api/get-products';

const m = machineryMessages.admin;
const kinds = machineryMessages.product.kinds;
type Kind = Product['documents'][number]['kind'];
const KINDS: Kind[] = ['manual', 'datasheet', 'certificate', 'warranty', 'other'];

/** "a, b , c" as ["a", "b", "c"]. */
const splitList = (text: string) =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

interface Props {
  product: Product;
  /** Told after each saved change, so the form bases its next save on the new version. */
  onChanged: () => void;
}

/**
 * The product's documents (upload a PDF, delete one) and its spare parts, accessories and OEM numbers (issue 48), in
 * the admin's edit dialog: each change is saved at once, apart from the dialog's own fields (no nested form: buttons
 * only).
 */
export function ProductMachineryAdmin({ product, onChanged }: Props) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const linked = [...product.parts, ...product.accessories];
  const current = useQuery({ ...getProductsQueryOptions({ ids: linked.join(',') }), enabled: linked.length > 0 });
  const refOf = (id: string) => {
    const p = current.data?.items.find((x) => x._id === id);
    return p?.sku || id;
  };
  const [name, setName] = useState('');
  const [kind, setKind] = useState<Kind>('manual');
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [docError, setDocError] = useState('');
  const [parts, setParts] = useState<string | null>(null);
  const [accessories, setAccessories] = useState<string | null>(null);
  const [oem, setOem] = useState(product.oemNumbers.join(', '));
  const [partsError, setPartsError] = useState('');
  const partsText = parts ?? product.parts.map(refOf).join(', ');
  const accessoriesText = accessories ?? product.accessories.map(refOf).join(', ');

  const changed = async () => {
    await invalidate(queryClient, 'catalogue');
    onChanged();
  };

  const upload = async () => {
    if (!name.trim()) return setDocError(m.nameRequired);
    if (!file) return setDocError(m.fileRequired);
    setBusy(true);
    setDocError('');
    try {
      await uploadDocument(product._id, file, name.trim(), kind);
      toast.success(m.uploaded);
      setName('');
      setFile(null);
      await changed();
    } catch (error) {
      setDocError(withReason(a.uploadFailed, error));
    } finally {
      setBusy(false);
    }
  };

  const remove = async (docId: string) => {
    setBusy(true);
    try {
      await deleteDocument(product._id, docId);
      toast.success(m.deleted);
      await changed();
    } catch (error) {
      toast.error(withReason(a.deleteFailed, error));
    } finally {
      setBusy(false);
    }
  };

  const save = async () => {
    setBusy(true);
    setPartsError('');
    try {
      const p = await resolveProducts(splitList(partsText));
      const acc = await resolveProducts(splitList(accessoriesText));
      const unknown = [...p.unknown, ...acc.unknown];
      if (unknown.length > 0) {
        setPartsError(a.unknownProducts(unknown));
        return;
      }
      await saveParts(product._id, { parts: p.ids, accessories: acc.ids, oemNumbers: splitList(oem) });
      toast.success(a.partsSaved);
      setParts(null);
      setAccessories(null);
      await changed();
    } catch (error) {
      setPartsError(withReason(a.saveFailed, error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box component="section" aria-label={m.documents} sx={{ display: 'grid', gap: 1.5, borderTop: 1, borderColor: 'divider', pt: 2 }}>
      <Typography component="h3" sx={{ fontWeight: 700 }}>
        {m.documents}
      </Typography>
      {product.documents.length === 0 && <Typography color="text.secondary">{m.noDocuments}</Typography>}
      <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1 }}>
        {product.documents.map((d) => (
          <Box component="li" key={d._id} sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
            <span>
              {d.name} ({machineryMessages.product.documentMeta(kinds[d.kind] ?? d.kind, formatBytes(d.size))})
            </span>
            <Button type="button" color="error" size="small" disabled={busy} aria-label={m.deleteDocument(d.name)} onClick={() => void remove(d._id)}>
              {m.deleteButton}
            </Button>
          </Box>
        ))}
      </Box>
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' } }}>
        <TextField label={m.documentName} value={name} onChange={(e) => setName(e.target.value)} size="small" />
        <TextField select label={m.documentKind} value={kind} onChange={(e) => setKind(e.target.value as Kind)} size="small">
          {KINDS.map((k) => (
            <MenuItem key={k} value={k}>
              {kinds[k]}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
        <Button type="button" variant="outlined" component="label">
          {m.documentFile}
          <input hidden type="file" accept="application/pdf" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
        </Button>
        <span>{file?.name}</span>
        <Button type="button" variant="contained" loading={busy} onClick={() => void upload()}>
          {m.upload}
        </Button>
      </Box>
      {docError && (
        <Typography color="error" role="alert">
          {docError}
        </Typography>
      )}
      <Typography component="h3" sx={{ fontWeight: 700, mt: 1 }}>
        {m.parts}
      </Typography>
      <TextField label={m.parts} helperText={a.partsHint} value={partsText} onChange={(e) => setParts(e.target.value)} size="small" />
      <TextField label={m.accessories} helperText={a.partsHint} value={accessoriesText} onChange={(e) => setAccessories(e.target.value)} size="small" />
      <TextField label={m.oemNumbers} helperText={m.oemHint} value={oem} onChange={(e) => setOem(e.target.value)} size="small" />
      {partsError && (
        <Typography color="error" role="alert">
          {partsError}
        </Typography>
      )}
      <Box>
        <Button type="button" variant="outlined" loading={busy} onClick={() => void save()}>
          {a.savePartsButton}
        </Button>
      </Box>
    </Box>
  );
}
