/**
 * The one status-code table (DECISIONS.md). Every reply carries one of these in `status.code`,
 * and the HTTP status of the reply is the same number, so logs and proxies see what the client sees.
 */
export const Status = {
  ok: 200,
  created: 201,
  invalid: 401,
  conflict: 402,
  refused: 403,
  notFound: 404,
  codeExpired: 410,
  codeWrong: 411,
  codeTooManyTries: 412,
  sendTooFrequent: 413,
  sendDailyCap: 414,
  /** Too many requests of one kind from one client address, token or destination (rate limits). */
  tooManyRequests: 429,
  regionBlocked: 481,
  noToken: 497,
  sessionExpired: 498,
  signedInElsewhere: 499,
  serverError: 500,
  providerError: 501,
  providerUnavailable: 502,
  /** The server sheds load or its database is out of reach: try again shortly (Retry-After). */
  unavailable: 503,
} as const;

export type StatusName = keyof typeof Status;
export type StatusCode = (typeof Status)[StatusName];

/** Default message keys per code; the web catalogue translates them (cn, tw). */
export const statusMessageKey: Record<StatusCode, string> = {
  200: 'ok',
  201: 'created',
  401: 'invalid_input',
  402: 'conflict',
  403: 'refused',
  404: 'not_found',
  410: 'error_content4',
  411: 'code_wrong',
  412: 'error_content7',
  413: 'send_too_frequent',
  414: 'error_content6',
  429: 'too_many_requests',
  481: 'location_error',
  497: 'token_missing',
  498: 'session_expired',
  499: 'logged_other_device',
  500: 'server_error',
  501: 'provider_error',
  502: 'provider_unavailable',
  503: 'server_busy',
};

/** Codes after which the client must clear its session and offer a relogin. */
export const sessionEndedCodes: readonly StatusCode[] = [
  Status.noToken,
  Status.sessionExpired,
  Status.signedInElsewhere,
];
