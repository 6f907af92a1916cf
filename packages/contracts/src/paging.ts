import * as z from './zod.ts';
import { msg } from './messages/msg.ts';
import { blankToUndefined } from './query-values.ts';

const pageSizeSchema = (defaultSize: number) =>
  z.preprocess(
    blankToUndefined,
    z.coerce.number({ error: 'validation.invalidType' }).int('validation.invalidType').min(1, msg('validation.tooSmall', { n: 1 })).max(100, msg('validation.tooBig', { n: 100 })).default(defaultSize),
  );

/**
 * The deepest page any list accepts. Lists hold at most 100 rows a page, so the rows a page skips,
 * (current - 1) * pageSize, stay below 10^9 and fit the database's 32-bit integers; a deeper page number is
 * refused with 400 naming this limit on `current`, never passed on to overflow (issue 38).
 */
export const MAX_PAGE = 10_000_000;

/** A list's page number, 1 to MAX_PAGE (default 1): every list's `current`, the generated resources' too. */
export const currentPageSchema = z.preprocess(
  blankToUndefined,
  z.coerce.number({ error: 'validation.invalidType' }).int('validation.invalidType').min(1, msg('validation.tooSmall', { n: 1 })).max(MAX_PAGE, msg('validation.tooBig', { n: MAX_PAGE })).default(1),
);

/** Paging of small lists: `current` 1 to MAX_PAGE, `pageSize` 1-100. */
export const pageQuerySchema = z.object({
  current: currentPageSchema,
  pageSize: pageSizeSchema(10),
});

/** The same paging with another page size when none is asked for. */
export const pageQueryOf = (defaultSize: number) => pageQuerySchema.extend({ pageSize: pageSizeSchema(defaultSize) });
/**
 * A page request as the services read it.
 * @public (the slices' API: used by whichever slices the registry holds, maybe none)
 */
export type PageQuery = z.infer<typeof pageQuerySchema>;

/** Positive integer id in a path. */
export const idParamsSchema = z.object({ id: z.coerce.number({ error: 'validation.invalidType' }).int('validation.invalidType').positive('validation.invalidValue').max(2_147_483_647, 'validation.invalidValue') });
