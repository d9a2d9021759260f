import type { CSSProperties, ReactNode } from 'react';
import { classNames } from './class-names';
import s from './section-heading.module.css';

/** A font size, on phones and from the md breakpoint (900 px) up. */
export interface HeadingSize {
  xs: string;
  md?: string;
}

interface SectionHeadingProps {
  title: ReactNode;
  /** The heading's id, for the section's `aria-labelledby`. */
  id?: string;
  /** `h1` for a page's title, `h2` (the default) for a section's. */
  component?: 'h1' | 'h2';
  /** The title's size (the theme's h3, 3rem, when not given). */
  titleSize?: HeadingSize;
  /** More of the title's own look (its line height, say). */
  titleStyle?: CSSProperties;
  /** Under the bar (in the text's colour: see the module's .subtitle). */
  subtitle?: ReactNode;
  subtitleStyle?: CSSProperties;
  /** The bar centred under a centred title. */
  centered?: boolean;
  /** More room around the bar (a page's title, a long section). */
  roomy?: boolean;
}

/**
 * A page's or a section's title with the short amber bar under it, and its line
 * of text. Drawn without MUI: it is on the first screen of `/`.
 */
export function SectionHeading({ title, id, component: Heading = 'h2', titleSize, titleStyle, subtitle, subtitleStyle, centered = false, roomy = false }: SectionHeadingProps) {
  const size = titleSize && ({ '--heading-size': titleSize.xs, ...(titleSize.md ? { '--heading-size-md': titleSize.md } : {}) } as CSSProperties);
  return (
    <>
      <Heading id={id} className={s.title} style={size || titleStyle ? { ...size, ...titleStyle } : undefined}>
        {title}
      </Heading>
      <div className={classNames(s.bar, roomy && s.roomy, centered && s.centered)} />
      {subtitle && (
        <p className={s.subtitle} style={subtitleStyle}>
          {subtitle}
        </p>
      )}
    </>
  );
}
