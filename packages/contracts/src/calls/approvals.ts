import * as z from '../zod.ts';
import { defineCall } from '../call.ts';
import { pageQuerySchema } from '../paging.ts';
import { blankToUndefined } from '../query-values.ts';

/**
 * What awaits the caller's approval across every resource with a life cycle (docs/resources.md, "Life
 * cycles"): records in a state an approval transition leaves, that the caller may approve now (the acting
 * role is the approver's, or the caller leads the record's department; within the caller's data scope;
 * never a request of their own). No permission of its own: each entry is one the caller may act on.
 */

/** Entries a count reads at most (the navbar shows "99+" past 99; the page says "more than 1,000"). */
export const APPROVALS_COUNT_CAP = 1000;

const actor = z.object({ id: z.number().int(), name: z.string() }).nullable();

const approvalSchema = z.object({
  /** The resource's name (`order`): its texts and its calls (resourceCalls) come from its definition. */
  resource: z.string(),
  id: z.number().int(),
  /** The record's title (its title field), for the list. */
  title: z.string(),
  state: z.string(),
  /** The record's version, for the transition's body. */
  version: z.number().int(),
  /** The transitions the caller may fire now: the approvals of its state, and any other it may. */
  transitions: z.array(z.string()),
  requestedBy: actor,
  /** When the record entered the state (ISO 8601 UTC). */
  requestedAt: z.string(),
  /** The record's department (a scoped resource's), by name in the caller's language. */
  department: z.string().nullable(),
});
export type Approval = z.infer<typeof approvalSchema>;

const approvalsQuery = pageQuerySchema.extend({ resource: z.preprocess(blankToUndefined, z.string().max(40).optional()) });

const countSchema = z.object({ count: z.number().int(), capped: z.boolean() });

export const approvalCalls = {
  list: defineCall({
    id: 'approvals.list', method: 'GET', path: '/api/approvals', access: 'signed', summary: 'Records awaiting the caller’s approval across resources, newest request first (paged, filter by resource)',
    query: approvalsQuery, response: z.object({ list: z.array(approvalSchema), total: z.number().int(), totalCapped: z.boolean(), current: z.number().int(), pageSize: z.number().int() }),
  }),
  count: defineCall({ id: 'approvals.count', method: 'GET', path: '/api/approvals/count', access: 'signed', summary: `How many records await the caller (counted up to ${APPROVALS_COUNT_CAP})`, response: countSchema }),
};
