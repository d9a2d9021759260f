import type { SxProps, Theme } from '@mui/material/styles';

/**
 * A component's own styles followed by its caller's `sx` (which may itself be a
 * list), as MUI documents passing `sx` on: one list, later entries winning.
 */
export function mergeSx(...parts: Array<SxProps<Theme> | undefined>): SxProps<Theme> {
  const list: unknown[] = [];
  for (const part of parts) {
    if (Array.isArray(part)) list.push(...(part as readonly unknown[]));
    else list.push(part);
  }
  return list as SxProps<Theme>;
}
