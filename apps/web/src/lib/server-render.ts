import { createContext } from 'react';

/**
 * True inside a server render of a page (prerender/entry-drawn.tsx, decision 049): what waits for code in
 * the browser shows as it first does there (a Suspense boundary renders its fallback: the workplace's
 * charts), and the layout is the desktop's, the only one a drawn page is shown in (prerender/boot.ts,
 * placeDrawn).
 */
export const ServerRender = createContext(false);
