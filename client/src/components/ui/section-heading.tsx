import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';

interface SectionHeadingProps {
  title: ReactNode;
  /** The heading's id, for the section's `aria-labelledby`. */
  id?: string;
  /** `h1` for a page's title, `h2` (the default) for a section's. */
  component?: 'h1' | 'h2';
  /** The title's own size (and line height). */
  titleSx?: SxProps<Theme>;
  /** Under the bar, in the secondary colour. */
  subtitle?: ReactNode;
  subtitleSx?: SxProps<Theme>;
  /** The bar centred under a centred title. */
  centered?: boolean;
  /** More room around the bar (a page's title, a long section). */
  roomy?: boolean;
}

/** A page's or a section's title with the short amber bar under it, and its line of text. */
export function SectionHeading({ title, id, component = 'h2', titleSx, subtitle, subtitleSx, centered = false, roomy = false }: SectionHeadingProps) {
  return (
    <>
      <Typography variant="h3" component={component} id={id} sx={titleSx}>
        {title}
      </Typography>
      <Box
        sx={{ width: 56, height: 4, bgcolor: 'primary.main', borderRadius: 2, ...(centered && { mx: 'auto' }), ...(roomy ? { mt: 2, mb: 2.5 } : { mt: 1.5, mb: 1.5 }) }}
      />
      {subtitle && (
        <Typography color="text.secondary" sx={subtitleSx}>
          {subtitle}
        </Typography>
      )}
    </>
  );
}
