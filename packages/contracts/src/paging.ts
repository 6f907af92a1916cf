import * as z from './zod.ts';
import { msg } from './messages/msg.ts';
import { blankToUndefined } from './query-values.ts';

const pageSizeSchema = (defaultSize: number) =>
  z.preprocess(
    blankToUndefined,
    z.coerce.number({ error: 'validation.invalidType' }).int('validation.invalidType').min(1, msg('validation.tooSmall', { n: 1 })).max(100, msg('validation.tooBig', { n: 100 })).default(defaultSize),
  );

/** Paging of small lists: `current` >= 1, `pageSize` 1-100. */
export const pageQuerySchema = z.object({
  current: z.preprocess(blankToUndefined, z.coerce.number({ error: 'validation.invalidType' }).int('validation.invalidType').min(1, msg('validation.tooSmall', { n: 1 })).default(1)),
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
