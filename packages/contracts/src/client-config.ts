/**
 * The console's document carries what GET /api/client-config answers (the signing credential and the
 * sign-in options; not the server time) in a JSON data block of this id, written by the server when it
 * serves index.html, so the first calls need not ask for it first.
 */
export const CLIENT_CONFIG_ELEMENT_ID = 'atrium-client-config';

/**
 * The signed-in documents (decision 046): beside index.html, the build writes into this folder one document
 * per language whose only pre-rendered view is the shell's, and `first-view.json` (FirstViewManifest).
 * The server sends one of them to a visitor whose document cookie names a live session, with the first
 * view's files named in its head where this comment stands.
 */
export const SIGNED_IN_DOCUMENTS = 'signed-in';
export const FIRST_VIEW_MARK = '<!--atrium:first-view-->';

/**
 * A page the server draws with its data into a signed-in document (decision 049) is streamed where this
 * comment stands, after the skeleton and its boot scripts: the document's first part leaves at once, the
 * drawn page (an element of DRAWN_ELEMENT_ID, `data-locale` its language, with its stylesheets) and its
 * answers (a JSON data block of DRAWN_ANSWERS_ELEMENT_ID) once the server has read them; the build's
 * script right after it puts the page in the skeleton's place.
 */
export const DRAWN_MARK = '<!--atrium:drawn-->';
/** In `signed-in/render/`: `{ "entry": "render-<hash>.mjs" }`, the renderer of the build's drawn pages. */
export const DRAWN_RENDERER_MANIFEST = 'renderer.json';
export const DRAWN_ELEMENT_ID = 'pre-drawn';
export const DRAWN_ANSWERS_ELEMENT_ID = 'atrium-drawn-answers';
/**
 * Set on <html> by the server, in the first part, when it draws the page, to the language it draws it in:
 * the first calls' script then waits for the drawn answers instead of sending those calls.
 */
export const DRAWN_ATTRIBUTE = 'data-drawn';

/**
 * The reader's language for the server's choice of document: written by the console whenever it applies
 * a language (not HttpOnly, not a secret; the console keeps its own choice in localStorage).
 */
export const LOCALE_COOKIE = 'atrium_locale';

/** A view's files: scripts and stylesheets, as absolute paths. */
export interface ViewFiles {
  js: string[];
  css: string[];
}

/** The files of a signed-in first view, by language and page (`signed-in/first-view.json`). */
export interface FirstViewManifest {
  locales: string[];
  defaultLocale: string;
  /** The entry's stylesheets (a document inlines only the rules its view uses; the boot script links them). */
  css: string[];
  /** Per language, the scripts of its full dictionary. */
  dictionaries: Record<string, string[]>;
  shell: ViewFiles;
  /** Per page path (`/`: the landing page's), its scripts (with what it imports on demand) and stylesheets. */
  pages: Record<string, ViewFiles>;
}
