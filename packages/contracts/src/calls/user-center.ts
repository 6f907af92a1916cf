import { defineCall } from '../call.ts';

// Calls of this resource (api.md §5, pages.md §17). Filled by the resource's owner.
void defineCall;
export const userCenterCalls = {};
