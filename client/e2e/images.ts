import type { Locator, Page } from 'playwright-core';

export interface UploadFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** A real PNG (480×360: a coloured board, an amber disc and a label), drawn by the page's canvas. */
export async function drawPng(page: Page, label: string, color = '#1b2631'): Promise<UploadFile> {
  const dataUrl = await page.evaluate(
    ([text, fill]) => {
      const canvas = document.createElement('canvas');
      canvas.width = 480;
      canvas.height = 360;
      const g = canvas.getContext('2d')!;
      g.fillStyle = fill;
      g.fillRect(0, 0, 480, 360);
      g.fillStyle = '#f5b301';
      g.beginPath();
      g.arc(240, 160, 90, 0, Math.PI * 2);
      g.fill();
      g.fillStyle = '#ffffff';
      g.font = 'bold 30px sans-serif';
      g.textAlign = 'center';
      g.fillText(text, 240, 320);
      return canvas.toDataURL('image/png');
    },
    [label, color] as const,
  );
  return { name: `${label.replace(/\W+/g, '-').toLowerCase()}.png`, mimeType: 'image/png', buffer: Buffer.from(dataUrl.split(',')[1]!, 'base64') };
}

/** Waits until the <img> has loaded a picture (scrolling it into view: pictures load lazily). */
export async function waitForImage(image: Locator): Promise<void> {
  await image.scrollIntoViewIfNeeded();
  const handle = await image.elementHandle();
  await image.page().waitForFunction((img) => img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0, handle);
}
