import Button, { type ButtonProps } from '@mui/material/Button';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';

/** A list row's Delete (or Remove): small, outlined in red; while it works, its spinner stands in for the icon. */
export function DeleteButton(props: Omit<ButtonProps, 'size' | 'variant' | 'color' | 'startIcon' | 'loadingPosition'>) {
  return <Button size="small" variant="outlined" color="error" startIcon={<DeleteOutlineIcon />} loadingPosition="start" {...props} />;
}
