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
