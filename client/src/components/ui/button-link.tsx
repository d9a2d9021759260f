import type { ButtonHTMLAttributes } from 'react';
import { Link as RouterLink, type LinkProps } from 'react-router';
import { classNames } from './class-names';
import s from './button-link.module.css';

/**
 * Button-looking links and buttons, drawn without MUI: they are on the first
 * screen of `/`, which loads no MUI. Pages drawn with MUI use MUI's Button
 * as well.
 */
export type ButtonTone = 'primary' | 'secondary' | 'outlined' | 'outlined-light' | 'outlined-error';
export type ButtonSize = 'small' | 'medium' | 'large';

interface ButtonLookProps {
  tone?: ButtonTone;
  size?: ButtonSize;
  fullWidth?: boolean;
}

const lookClass = ({ tone = 'primary', size = 'medium', fullWidth = false }: ButtonLookProps, className?: string) =>
  classNames(s.button, s[tone], s[size], fullWidth && s.fullWidth, className);

/** A react-router link (or `tel:`/`mailto:`/`https:` link) that looks like a button. */
export function ButtonLink({ tone, size, fullWidth, className, ...props }: LinkProps & ButtonLookProps) {
  return <RouterLink {...props} className={lookClass({ tone, size, fullWidth }, className)} />;
}

/** A `<button>` with the same look. */
export function PlainButton({ tone, size, fullWidth, className, ...props }: ButtonHTMLAttributes<HTMLButtonElement> & ButtonLookProps) {
  return <button {...props} className={lookClass({ tone, size, fullWidth }, className)} />;
}
