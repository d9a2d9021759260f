import Box from '@mui/material/Box';
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';

interface ChartFrameProps {
  /** The chart's drawn size; it is never redrawn at another size. */
  width: number;
  height: number;
  /** The chart's accessible name (the frame is one image to assistive technology). */
  label: string;
  children: ReactNode;
}

/**
 * Shows a fixed-size chart whole on any screen: where there is less room than
 * its width, the frame scales it down (the chart itself keeps its size).
 */
export function ChartFrame({ width, height, label, children }: ChartFrameProps) {
  const outer = useRef<HTMLDivElement>(null);
  const [scale, setScale] = useState(1);

  useLayoutEffect(() => {
    const element = outer.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const fit = () => {
      const room = element.clientWidth;
      if (room > 0) setScale(Math.min(1, room / width));
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(element);
    return () => observer.disconnect();
  }, [width]);

  return (
    <Box ref={outer} sx={{ width: '100%' }}>
      <Box role="img" aria-label={label} sx={{ width: width * scale, height: height * scale, mx: 'auto', overflow: 'hidden' }}>
        <Box sx={{ width, height, transform: scale < 1 ? `scale(${scale})` : undefined, transformOrigin: 'top left' }}>{children}</Box>
      </Box>
    </Box>
  );
}
