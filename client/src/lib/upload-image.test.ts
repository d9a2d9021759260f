import { describe, expect, it } from 'vitest';
import { checkChosenImage, looksLikeImage, MAX_IMAGE_BYTES } from './upload-image';

const bytes = (...values: number[]) => new Uint8Array(values);
const webp = [0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 0x57, 0x45, 0x42, 0x50];

describe('looksLikeImage', () => {
  it('knows the first bytes of JPEG, PNG, GIF and WebP', () => {
    expect(looksLikeImage(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe(true);
    expect(looksLikeImage(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe(true);
    expect(looksLikeImage(bytes(0x47, 0x49, 0x46, 0x38, 0x39, 0x61))).toBe(true);
    expect(looksLikeImage(bytes(...webp))).toBe(true);
  });

  it('refuses text, PDF, a WAV (RIFF but not WebP) and too few bytes', () => {
    expect(looksLikeImage(new TextEncoder().encode('hello, world'))).toBe(false);
    expect(looksLikeImage(new TextEncoder().encode('%PDF-1.7'))).toBe(false);
    expect(looksLikeImage(bytes(0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 0x57, 0x41, 0x56, 0x45))).toBe(false);
    expect(looksLikeImage(bytes(0xff, 0xd8))).toBe(false);
  });
});

describe('checkChosenImage', () => {
  it('checks the type, the size, then the bytes', async () => {
    expect(await checkChosenImage(new File([bytes(0xff, 0xd8, 0xff, 1)], 'a.jpg', { type: 'image/jpeg' }))).toBeNull();
    expect(await checkChosenImage(new File(['notes'], 'a.txt', { type: 'text/plain' }))).toBe('Only JPEG, PNG, WebP and GIF images are accepted.');
    expect(await checkChosenImage(new File(['notes'], 'a.png', { type: 'image/png' }))).toBe('Only JPEG, PNG, WebP and GIF images are accepted.');
    expect(await checkChosenImage(new File([new Uint8Array(MAX_IMAGE_BYTES + 1)], 'big.png', { type: 'image/png' }))).toBe('The image is larger than 5 MB.');
    expect(await checkChosenImage(new File([], 'empty.gif', { type: 'image/gif' }))).toBe('The file is empty.');
  });
});
