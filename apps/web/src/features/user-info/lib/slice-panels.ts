import type { UserInfoPanels } from '../../../slice';
import { webSlices } from '../../../slices';

const loaders = webSlices.flatMap((slice) => (slice.userInfoPanels ? [slice.userInfoPanels] : []));

/** The slices' panels once their code is here (at once when no slice brings any). */
let loaded: UserInfoPanels[] | undefined = loaders.length === 0 ? [] : undefined;
let pending: Promise<UserInfoPanels[]> | undefined;
/** A download that failed while the page waited for it: the page's error boundary shows it, once. */
let failure: { error: unknown } | undefined;

/** Loads the panels' code (once; a failed download is tried again by the next call). */
export function loadSlicePanels(): Promise<UserInfoPanels[]> {
  if (loaded) return Promise.resolve(loaded);
  pending ??= Promise.all(loaders.map((load) => load().then((m) => m.default))).then(
    (panels) => (loaded = panels),
    (error: unknown) => {
      pending = undefined;
      throw error;
    },
  );
  return pending;
}

/**
 * The panels the slices add to the page (slice.ts, `userInfoPanels`), for a component under Suspense: it
 * renders at once when their code is already here (the page's prefetch asks for it), and suspends only
 * while it downloads.
 */
export function useSlicePanels(): UserInfoPanels[] {
  if (loaded) return loaded;
  if (failure) {
    const { error } = failure;
    failure = undefined;
    throw error;
  }
  throw loadSlicePanels().catch((error: unknown) => {
    // Only a page that waited for the download reports its failure; the next render shows it.
    failure = { error };
  });
}
