/**
 * The console's document carries what GET /api/client-config answers (the signing credential and the
 * sign-in options; not the server time) in a JSON data block of this id, written by the server when it
 * serves index.html, so the first calls need not ask for it first.
 */
export const CLIENT_CONFIG_ELEMENT_ID = 'atrium-client-config';
