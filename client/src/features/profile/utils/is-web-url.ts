/** The server's rule for a LinkedIn address (shop.IsWebURL): an absolute http(s) URL with a host. */
export function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}
