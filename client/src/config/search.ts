/** The longest name search the API takes (`q` of GET /service, maxLength 100 in its document): the header's box and every list's search. */
export const MAX_SEARCH_CHARS = 100;
