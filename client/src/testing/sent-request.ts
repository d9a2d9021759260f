/**
 * A Request that remembers the body it was given (`sentBody`): a JSON string,
 * or the FormData of an upload, whose jsdom File Node's Request would lose.
 * Installed as the global Request in the tests (setup-tests.ts).
 */
export class SentRequest extends Request {
  readonly sentBody: BodyInit | null | undefined;

  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(input, init);
    this.sentBody = init?.body ?? (input instanceof SentRequest ? input.sentBody : undefined);
  }
}

/** The body a request was sent with: parsed JSON, the FormData itself, or undefined. */
export function sentBody(request: Request): unknown {
  const body = request instanceof SentRequest ? request.sentBody : undefined;
  if (typeof body === 'string') return JSON.parse(body);
  return body instanceof FormData ? body : undefined;
}
