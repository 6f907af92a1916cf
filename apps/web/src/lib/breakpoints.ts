/**
 * Below this body width the shell lays out for phones and tablets (stores/settings.ts measures it,
 * layout/use-responsive.ts keeps it current); a page the server draws is shown only at or above it
 * (prerender/boot.ts, placeDrawn).
 */
export const MOBILE_BREAKPOINT = 992;
