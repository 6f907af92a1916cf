import type { CallDef } from '@atrium/contracts/call';
import type { z } from 'zod';
import type { QueryValue } from './options';

/** Carries the contract's definition in the type only (the schemas stay out of the bundle). */
declare const callDef: unique symbol;

/** The parts of a definition the console sends by. */
type SlimKey = 'method' | 'path' | 'access' | 'writes' | 'requestKind' | 'responseKind';

/** Exactly the sending parts of a definition `C`, with its literal types (path, method, flags). */
export type Slim<C> = C extends CallDef ? { readonly [K in SlimKey as K extends keyof C ? K : never]: C[K] } : never;

/** A contract call as the console sends it: method, path and flags at run time, the whole definition in the type. */
export type Endpoint<C extends CallDef = CallDef> = Slim<C> &
  Readonly<Pick<CallDef, 'method' | 'path' | 'access' | 'writes' | 'requestKind' | 'responseKind'>> & { readonly [callDef]?: C };

/** A definition used as it is (tests, or a page that loads the schemas anyway). */
export function endpointOf<const C extends CallDef>(def: C): Endpoint<C> {
  return def as unknown as Endpoint<C>;
}

type Schema<S> = S extends z.ZodType ? S : never;

/** Path parameters: one value per `:name` of the path, encoded by the client. */
export type ParamsOf<C extends CallDef> = { [K in keyof z.output<Schema<C['params']>>]: string | number };
/** Query: the keys the query schema reads (values as strings, numbers or repeated values). */
export type QueryOf<C extends CallDef> = { [K in keyof z.output<Schema<C['query']>>]?: QueryValue };
/** Body: what the body schema accepts. */
type BodyOf<C extends CallDef> = z.input<Schema<C['body']>>;
/** The answer: the output of the response schema. */
export type Answer<C extends CallDef> = C['response'] extends z.ZodType ? z.output<C['response']> : unknown;

export type CallArgs<C extends CallDef> = (C['params'] extends z.ZodType ? { params: ParamsOf<C> } : { params?: undefined }) &
  (C['query'] extends z.ZodType ? { query?: QueryOf<C> } : { query?: undefined }) &
  (C['requestKind'] extends 'multipart' ? unknown : C['body'] extends z.ZodType ? { body: BodyOf<C> } : { body?: undefined });

/** Whether the call needs an argument object (path parameters or a body). */
export type NeedsArgs<C extends CallDef> = C['params'] extends z.ZodType ? true : C['requestKind'] extends 'multipart' ? false : C['body'] extends z.ZodType ? true : false;

/**
 * JSON in and out: the calls `call()` sends (multipart and file answers have their own helpers; a
 * `redirect` answers a navigation of the window, never a fetch).
 */
export type IsJsonCall<C extends CallDef> = C['requestKind'] extends 'multipart' ? false : C['responseKind'] extends 'csv' | 'file' | 'text' | 'redirect' ? false : true;
